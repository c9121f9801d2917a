// Behaviour (1280 px, light; the other widths and themes in report-answer.render.spec.ts): on the student tutor page each tutor reply has "Report this answer"; it opens a child-friendly dialog (Tell your teacher: three reasons and optional words); sending says the teacher will see it, and the reply is marked Reported (no second report), also after a reload; the assigning teacher's /flags lists it as "Reported by the student" with the student's reason and words; axe passes on the dialog and the flag.
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { users } from '../fixtures/users';
import { replyDone } from '../runs/helpers';
import { startNewAssignment } from '../fixtures/assignments';

const getBrowser = useBrowser();

describe('Report this answer on the student tutor page', () => {
  it('goes to the teacher as a flag (1280 px, light)', async () => {
    const width = 1280;
    const teacher = await contextAs(getBrowser(), 'premiumTeacher', { width, height: 800, bypassCSP: true, theme: 'light' });

    const context = await contextAs(getBrowser(), 'student', { width, height: 800, bypassCSP: true, theme: 'light' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const work = await startNewAssignment(page, 'Report', teacher);
    const list = page.getByRole('list', { name: 'Conversation', exact: true });
    // The welcome message is not a stored reply: nothing to report on it.
    expect(await list.getByRole('listitem').first().getByRole('button', { name: 'Report this answer' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Your message' }).fill(`What is a half of a half? ${token()}`);
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = list.getByRole('listitem').nth(2);
    await reply.getByText('Request:', { exact: false }).waitFor({ timeout: 30_000 });
    await replyDone(page);

    await reply.getByRole('button', { name: 'Report this answer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tell your teacher' });
    await dialog.waitFor();
    await dialog.getByText('Tell your teacher something is wrong with this answer.', { exact: false }).waitFor();
    // Send without a reason: asked to choose one, nothing sent.
    await dialog.getByRole('button', { name: 'Send to my teacher' }).click();
    await dialog.getByText('Choose what is wrong first.').waitFor();
    await dialog.getByRole('radio', { name: 'It is wrong' }).check();
    const words = `It said a quarter is a third ${token()}`;
    await dialog.getByRole('textbox', { name: 'Your words (you can skip this)' }).fill(words);
    await accessible(page);
    await shoot(page, `report-student-dialog-${width}-light`);
    await dialog.getByRole('button', { name: 'Send to my teacher' }).dblclick();
    await dialog.getByRole('status').getByText(`Sent. ${users.premiumTeacher.name} will see it.`, { exact: false }).waitFor();
    await accessible(page);
    await shoot(page, `report-student-sent-${width}-light`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The reply is marked reported (no second report from here), and still is after a reload:
    // the page reads it from the server.
    await reply.getByTestId('reported-mark').getByText('Reported').waitFor();
    expect(await reply.getByRole('button', { name: 'Report this answer' }).count()).toBe(0);
    await page.reload();
    await reply.getByText('Request:', { exact: false }).waitFor();
    await reply.getByTestId('reported-mark').waitFor();
    expect(await reply.getByRole('button', { name: 'Report this answer' }).count()).toBe(0);
    // Only that reply: the welcome has no mark.
    expect(await list.getByTestId('reported-mark').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();

    // The teacher's Flags: one flag, reported by the student, with the student's reason and words.
    const inbox = await teacher.newPage();
    const teacherErrors = trackErrors(inbox);
    await openAndSettle(inbox, '/flags');
    const rows = inbox.getByRole('list', { name: 'Flags' }).getByRole('listitem').filter({ hasText: work.title });
    await rows.first().waitFor({ timeout: 15_000 });
    expect(await rows.count()).toBe(1);
    await rows.getByText('Reported by the student', { exact: true }).waitFor();
    await rows.getByText(`The student said: The answer is wrong: “${words}”`).waitFor();
    await accessible(inbox);
    await rows.getByRole('button').click();
    const detail = inbox.getByRole('dialog', { name: `Reported by the student: ${users.student.name}` });
    await detail.waitFor();
    await detail.locator('li[data-flagged]').getByText('Request:', { exact: false }).waitFor();
    await detail.getByText('Found by the student (Report this answer)', { exact: false }).waitFor();
    await accessible(inbox);
    await shoot(inbox, `report-student-teacher-flag-${width}-light`);
    expect(teacherErrors).toEqual([]);
    await teacher.close();
  }, 120_000);
});
