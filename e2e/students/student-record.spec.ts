// Behaviour: on a student's page (My Students), the teacher downloads the student's record (one zip with record.json and record.html, whose page shows the transcript's lines), then deletes the student's data after a confirmation that says what goes and what stays and asks for the address; the student is gone from the roster and the page, another student stays; axe passes on both dialogs at 1280 px (the journey) and 360 px (a render-only test), nothing scrolls sideways at 360 px.
import { strFromU8, unzipSync } from 'fflate';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, downloaded, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { users } from '../fixtures/users';

// The school admin teaches here (premium through the licence) because no other spec gives them
// classes: deleting the seeded student's data is scoped to this teacher, so other specs' records
// of the same student stay.
const getBrowser = useBrowser();

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A POST as the app's pages send it (the server refuses writes from other origins). */
const post = (context: BrowserContext, url: string, data: unknown = {}) =>
  context.request.post(url, { data, headers: { Origin: baseUrl } });

/** A class with the seeded student and one more, an assignment of a TutorBot template to it; Sam's roster entry. */
async function seed(teacher: BrowserContext, t: string) {
  const cls = await json<{ id: string }>(await post(teacher, '/api/classes', { name: `Records ${t}` }));
  const added = await json<{ added: { id: string; email: string }[] }>(
    await post(teacher, `/api/classes/${cls.id}/students`, {
      students: [
        { email: users.student.email, name: users.student.name },
        { email: `kai.${t}@school.test`, name: 'Kai Moreno' },
      ],
    }),
  );
  const templates = await json<{ items: { id: string; name: string }[] }>(
    await teacher.request.get('/api/bots?kind=TutorBot&tab=templates&limit=100'),
  );
  const bot = templates.items[0];
  if (!bot) throw new Error('no TutorBot template');
  const title = `Record check ${t}`;
  await json(
    await post(teacher, '/api/assignments', {
      botId: bot.id,
      title,
      instructions: '',
      dueAt: null,
      messageBudget: null,
      classIds: [cls.id],
    }),
  );
  return { classId: cls.id, entryId: added.added.find((s) => s.email === users.student.email)!.id, title };
}

describe("The student's record", () => {
  it("downloads the record and deletes the student's data at 1280 px", async () => {
    const width = 1280;
    const browser = getBrowser();
    const teacher = await contextAs(browser, 'schoolAdmin', { width, height: 900, bypassCSP: true });
    const student = await contextAs(browser, 'student');
    const t = token();
    const { classId, entryId, title } = await seed(teacher, t);

    // The student starts and writes one line.
    const mine = await json<{ assignments: { id: string; title: string }[] }>(await student.request.get('/api/my-assignments'));
    const asid = mine.assignments.find((a) => a.title === title)!.id;
    await json(await post(student, `/api/my-assignments/${asid}/start`));
    const line = `Is 3/4 bigger than 2/3? (${t})`;
    const sent = await post(student, `/api/my-assignments/${asid}/messages`, { idempotencyKey: `record-${t}`, text: line });
    expect(sent.status()).toBe(200);
    await sent.body();

    const page = await teacher.newPage();
    const errors = trackErrors(page);
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    await openAndSettle(page, `/mystudents?class=${classId}`);
    const roster = page.getByRole('list', { name: `Students in Records ${t}` });
    await roster.getByRole('link', { name: `Open ${users.student.name}'s page` }).click();
    expect(new URL(page.url()).searchParams.get('student')).toBe(entryId);
    const dialog = page.getByRole('dialog', { name: users.student.name });
    await dialog.getByText(title).waitFor();

    // Download: one zip with both files; the page shows the student's line.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download record' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Student record - Sam Student - \d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await downloaded(file)));
    expect(Object.keys(zip).sort()).toEqual(['record.html', 'record.json']);
    const html = strFromU8(zip['record.html']!);
    expect(html).toContain(line);
    expect(html).toContain(`<h2>1. ${title}</h2>`);
    expect(html).not.toMatch(/<script/i);
    const record = JSON.parse(strFromU8(zip['record.json']!)) as {
      student: { email: string };
      assignments: { transcript: { text: string }[] }[];
    };
    expect(record.student.email).toBe(users.student.email);
    expect(record.assignments[0]!.transcript[0]!.text).toBe(line);

    await accessible(page, width);
    await shoot(page, `student-record-page-${width}`);

    // Delete: the confirmation says what goes and what stays, and wants the address.
    await dialog.getByRole('button', { name: 'Delete this student’s data…' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${users.student.name}’s data?` });
    await confirm.getByText('their conversations with your tutors (transcripts)').waitFor();
    await confirm.getByText('the student’s account and anything they do with other teachers').waitFor();
    const address = confirm.getByRole('textbox', { name: 'Student’s e-mail address' });
    await address.fill('someone@else.test');
    await confirm.getByRole('button', { name: 'Delete data' }).click();
    await confirm.getByText(`That is not the address: type ${users.student.email} to confirm.`).waitFor();
    await accessible(page, width);
    await shoot(page, `student-record-confirm-${width}`);
    await address.fill(users.student.email);
    await confirm.getByRole('button', { name: 'Delete data' }).click();

    // Gone: both dialogs close with a confirmation that it is done, the roster lists only Kai, and the student's page is not found.
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('alert').getByText(`${users.student.name}’s data was deleted.`).waitFor();
    await roster.getByText(`kai.${t}@school.test`).waitFor();
    await expect.poll(() => roster.getByText(users.student.email).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('student')).toBeNull();
    expect((await teacher.request.get(`/api/students/${entryId}`)).status()).toBe(404);
    const after = await json<{ assignments: { title: string }[] }>(await student.request.get('/api/my-assignments'));
    expect(after.assignments.map((a) => a.title)).not.toContain(title);
    expect(errors).toEqual([]);
    await teacher.close();
    await student.close();
  });

  // Render-only: both dialogs at 360 px (nothing is deleted here; the journey deletes).
  it("reads well at 360 px: the student's page and the delete confirmation", async () => {
    const width = 360;
    const teacher = await contextAs(getBrowser(), 'schoolAdmin', { width, height: 900, bypassCSP: true });
    const { classId, title } = await seed(teacher, token());
    const page = await teacher.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, `/mystudents?class=${classId}`);
    await page.getByRole('link', { name: `Open ${users.student.name}'s page` }).click();
    const dialog = page.getByRole('dialog', { name: users.student.name });
    await dialog.getByText(title).waitFor();
    await accessible(page, width);
    await shoot(page, `student-record-page-${width}`);
    await dialog.getByRole('button', { name: 'Delete this student’s data…' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${users.student.name}’s data?` });
    await confirm.getByRole('textbox', { name: 'Student’s e-mail address' }).fill('someone@else.test');
    await confirm.getByRole('button', { name: 'Delete data' }).click();
    await confirm.getByText(`That is not the address: type ${users.student.email} to confirm.`).waitFor();
    await accessible(page, width);
    await shoot(page, `student-record-confirm-${width}`);
    expect(errors).toEqual([]);
    await teacher.close();
  });
});
