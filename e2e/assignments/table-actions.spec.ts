// Behaviour (issue 25, item 7): every action of a row of an assignment's students table is in reach
// at every width: the actions sit under the student's name in the column that stays in view while
// the table scrolls sideways, and that column never covers Class. At 1280 px with the drawer open
// (dark) each action is clicked in one journey (Transcript, Write feedback, Award a trophy, the
// trophy count showing the reason on a click, Mark completed); at 1024 px (light) and 360 px (dark)
// the controls are checked in view and on top, at both ends of the sideways scroll; axe passes.
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { users } from '../fixtures/users';

const getBrowser = useBrowser();
const student = users.student;

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${baseUrl}${url}`, { method, data, headers: { Origin: baseUrl } });
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A class of Sam (an account) and a second student, an assignment to it, and Sam's record started. */
async function seed(teacher: BrowserContext, studentContext: BrowserContext, title: string) {
  const cls = await call<{ id: string }>(teacher.request, 'POST', '/api/classes', { name: `Table ${title}`, section: 'Period 4' });
  await call(teacher.request, 'POST', `/api/classes/${cls.id}/students`, {
    students: [
      { email: student.email, name: student.name },
      { email: `kai-${title}@example.org`.toLowerCase().replace(/\s/g, ''), name: 'Kai Moreno-Fitzgerald' },
    ],
  });
  const templates = await call<{ items: { id: string; name: string }[] }>(
    teacher.request,
    'GET',
    '/api/bots?kind=TutorBot&tab=templates&limit=100',
  );
  const bot = templates.items.find((b) => b.name === 'Socratic Math Tutor');
  if (!bot) throw new Error('the TutorBot template is missing');
  const made = await call<{ id: string }>(teacher.request, 'POST', '/api/assignments', { botId: bot.id, title, classIds: [cls.id] });
  const mine = await call<{ assignments: { id: string; title: string }[] }>(studentContext.request, 'GET', '/api/my-assignments');
  const asid = mine.assignments.find((a) => a.title === title)?.id;
  if (!asid) throw new Error('the student does not see the assignment');
  await call(studentContext.request, 'POST', `/api/my-assignments/${asid}/start`);
  return made.id;
}

/** The control is inside the viewport and the table's visible part, and nothing lies over its middle. */
async function reachable(page: Page, control: Locator) {
  await control.waitFor();
  // Down the page to the row (up and down only: a sideways scroll here would hide what is checked).
  await control.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
  const box = (await control.boundingBox())!;
  const region = (await page.getByRole('region', { name: 'Students table (scrolls sideways)' }).boundingBox())!;
  const viewport = page.viewportSize()!;
  const inside = (b: { x: number; width: number }, o: { x: number; width: number }) =>
    b.x >= o.x - 0.5 && b.x + b.width <= o.x + o.width + 0.5;
  expect(inside(box, { x: 0, width: viewport.width })).toBe(true);
  expect(inside(box, region)).toBe(true);
  const onTop = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop).toBe(true);
}

/** The fixed column ends where Class begins: at rest it covers none of it. */
async function classNotCovered(page: Page) {
  const student = (await page.getByRole('columnheader', { name: 'Student' }).boundingBox())!;
  const klass = (await page.getByRole('columnheader', { name: 'Class' }).boundingBox())!;
  expect(student.x + student.width).toBeLessThanOrEqual(klass.x + 0.5);
}

/** Every control of the row in reach, with the table scrolled to its start and to its end. */
async function allReachable(page: Page, row: Locator) {
  const controls = [
    row.getByRole('button', { name: `Transcript and feedback: ${student.name}` }),
    row.getByRole('button', { name: `More actions: ${student.name}` }),
  ];
  await classNotCovered(page);
  for (const c of controls) await reachable(page, c);
  const region = page.getByRole('region', { name: 'Students table (scrolls sideways)' });
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await page.waitForFunction(() => {
    const el = document.querySelector('[aria-label="Students table (scrolls sideways)"]');
    return el !== null && el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
  });
  for (const c of controls) await reachable(page, c);
  await region.evaluate((el) => el.scrollTo({ left: 0 }));
}

async function openTable(width: number, light: boolean) {
  const title = `Actions ${width} ${token()}`;
  const teacher = await contextAs(getBrowser(), 'premiumTeacher', { width, height: 800, bypassCSP: true });
  const studentContext = await contextAs(getBrowser(), 'student', { width: 360 });
  if (light) await teacher.addInitScript(() => localStorage.setItem('classbots.themeMode', 'light'));
  const id = await seed(teacher, studentContext, title);
  const page = await teacher.newPage();
  const errors = trackErrors(page);
  await openAndSettle(page, `/teachAssignments?assignment=${id}`);
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(student.name) }) });
  await row.getByText('In progress', { exact: true }).waitFor();
  return { page, row, errors, close: async () => Promise.all([teacher.close(), studentContext.close()]) };
}

describe("An assignment's students table: every action in reach", () => {
  it('1280 px, drawer open, dark: each action of a row is clicked', async () => {
    const { page, row, errors, close } = await openTable(1280, false);
    expect(await page.evaluate(() => document.querySelector('.MuiDrawer-paper')?.getBoundingClientRect().width)).toBe(256);
    await allReachable(page, row);
    await accessible(page, 1280);

    // Transcript.
    await row.getByRole('button', { name: `Transcript and feedback: ${student.name}` }).click();
    const transcript = page.getByRole('dialog', { name: `${student.name}: transcript` });
    await transcript.waitFor();
    await page.keyboard.press('Escape');
    await transcript.waitFor({ state: 'detached' });

    // Write feedback: the same dialog, at the feedback box.
    await row.getByRole('button', { name: `More actions: ${student.name}` }).click();
    await page.getByRole('menuitem', { name: 'Write feedback' }).click();
    await transcript.getByRole('textbox', { name: `Feedback for ${student.name}` }).waitFor();
    await page.keyboard.press('Escape');
    await transcript.waitFor({ state: 'detached' });

    // Award a trophy; then the row's count shows its reason on a click.
    const reason = `Checked every step ${token()}`;
    await row.getByRole('button', { name: `More actions: ${student.name}` }).click();
    await page.getByRole('menuitem', { name: 'Award a trophy' }).click();
    const trophies = page.getByRole('dialog', { name: `Trophies for ${student.name}` });
    await trophies.getByRole('textbox', { name: 'What is it for?' }).fill(reason);
    await trophies.getByRole('button', { name: 'Award', exact: true }).click();
    await trophies.getByRole('status').getByText(`Trophy awarded to ${student.name}.`).waitFor();
    await trophies.getByRole('button', { name: 'Close' }).click();
    await trophies.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: `1 trophy for ${student.name}: read the reasons` }).click();
    await trophies.getByRole('listitem').filter({ hasText: reason }).waitFor();
    await trophies.getByRole('button', { name: 'Close' }).click();
    await trophies.waitFor({ state: 'detached' });

    // Mark completed.
    await row.getByRole('button', { name: `More actions: ${student.name}` }).click();
    await page.getByRole('menuitem', { name: 'Mark completed' }).click();
    await row.getByText('Completed', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  for (const [width, light] of [
    [1024, true],
    [360, false],
  ] as const) {
    it(`${width} px, ${light ? 'light' : 'dark'}: the row's controls in view and on top at both ends of the scroll`, async () => {
      const { page, row, errors, close } = await openTable(width, light);
      await allReachable(page, row);
      await accessible(page, width);
      await shoot(page, `table-actions-${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
