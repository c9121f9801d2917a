// Behaviour: the whole assignment journey on the fake provider: a teacher imports a class from a CSV whose bad row the preview shows, assigns a TutorBot template to it with a message budget; the student sees it, is told the teacher can read the chat, chats until the budget stops them, and hands it in; the teacher's open table follows each change without a reload, the transcript shows the chat, and feedback written there reaches the student. The provider never receives the student's name or address.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { token } from '../fixtures/checks';
import { fakeAiRequests } from '../fixtures/fake-ai-record';
import { users } from '../fixtures/users';

const getBrowser = useBrowser();
/** The roster name the CSV gives the student: not their account's name, and redacted like it. */
const rosterName = 'Jordan Quill';
const student = users.journeyStudent;
const teacherName = users.premiumTeacher.name;

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
const replyDone = (page: Page) => page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });

describe('The assignment journey', () => {
  it('import a class, assign a tutor, the student works and hands in, the teacher follows live and gives feedback', async () => {
    const t = token();
    const className = `Journey ${t}`;
    const title = `Ratios ${t}`;
    const requestsBefore = fakeAiRequests().length;

    // The teacher imports the class from a CSV; the preview names the bad row before anything is written.
    const teacherContext = await contextAs(getBrowser(), 'premiumTeacher');
    const teacher = await teacherContext.newPage();
    const teacherErrors = trackErrors(teacher);
    await openAndSettle(teacher, '/mystudents');
    await teacher.getByRole('button', { name: 'Import' }).click();
    const importDialog = teacher.getByRole('dialog', { name: 'Import students' });
    const csv = [
      'email,name,class',
      `${student.email},${rosterName},${className}`,
      `mo.${t}@school.test,Mo Ahmed,${className}`,
      `not-an-address,Bad Row,${className}`,
    ].join('\n');
    await importDialog.getByTestId('import-files').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByText('2 students to add').waitFor();
    await importDialog.getByText(/Line 4: This is not an e-mail address\./).waitFor();
    await importDialog.getByRole('checkbox', { name: 'Import the good rows and leave out the bad ones' }).check();
    await importDialog.getByRole('button', { name: 'Import 2 students' }).click();
    await importDialog
      .getByRole('status')
      .getByText(/2 students added; 1 new class made/)
      .waitFor();
    await importDialog.getByRole('button', { name: 'Close' }).click();

    // The teacher assigns a TutorBot template to the class, two messages per student.
    await openAndSettle(teacher, '/teachAssignments');
    await teacher.getByRole('button', { name: 'New assignment' }).first().click();
    const dialog = teacher.getByRole('dialog', { name: 'New assignment' });
    await dialog.getByRole('combobox', { name: 'TutorBot' }).click();
    await teacher.getByRole('option', { name: /^Socratic Math Tutor \(template\)$/ }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Instructions for students' }).fill('Find the unit rate, then explain it to the tutor.');
    await dialog.getByRole('spinbutton', { name: 'Message limit (optional)' }).fill('2');
    await dialog.getByRole('checkbox', { name: new RegExp(className) }).check();
    await dialog.getByRole('button', { name: 'Create assignment' }).click();
    await teacher.getByRole('heading', { level: 2, name: title }).waitFor();
    const studentRow = row(teacher, rosterName);
    await studentRow.getByText('Assigned', { exact: true }).waitFor();
    await row(teacher, 'Mo Ahmed').getByText('Assigned', { exact: true }).waitFor();
    await teacher.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    // From here on the teacher's page is never reloaded.
    await teacher.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The student sees it, starts, and is told the teacher can read the chat.
    const studentContext = await contextAs(getBrowser(), 'journeyStudent', { width: 360 });
    const page = await studentContext.newPage();
    const studentErrors = trackErrors(page);
    await openAndSettle(page, '/studentAssignments');
    const card = page.getByRole('region', { name: 'To do' }).getByRole('article', { name: title });
    await card.getByText(`From ${teacherName}`).waitFor();
    await card.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Your teacher can read this chat.', { exact: true }).waitFor();
    await studentRow.getByText('In progress', { exact: true }).waitFor({ timeout: 10_000 });

    // Two messages, one naming the student: then the budget stops the chat.
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill(`Hi, I am ${rosterName}. Is 12 km in 3 hours 4 km per hour?`);
    await page.getByRole('button', { name: 'Send' }).click();
    await replyDone(page);
    await studentRow.getByRole('cell', { name: '1 / 2' }).waitFor({ timeout: 10_000 });
    await box.fill(`${student.name} again: so the unit rate is 4?`);
    await page.getByRole('button', { name: 'Send' }).click();
    await replyDone(page);
    await page.getByText('You have used all your messages for this assignment.', { exact: false }).waitFor();
    expect(await box.count()).toBe(0);
    await studentRow.getByRole('cell', { name: '2 / 2' }).waitFor({ timeout: 10_000 });

    // I'm done: handed in, and the teacher's table says so.
    await page.getByRole('button', { name: /I.m done/ }).click();
    await page
      .getByRole('dialog', { name: `Hand this in to ${teacherName}?` })
      .getByRole('button', { name: 'Hand it in' })
      .click();
    await page.getByRole('region', { name: 'Handed in' }).getByRole('article', { name: title }).waitFor();
    await studentRow.getByText('Submitted', { exact: true }).waitFor({ timeout: 10_000 });

    // The transcript shows the student's words as written; the teacher's feedback reaches the student.
    await studentRow.getByRole('button', { name: `Transcript and feedback: ${rosterName}` }).click();
    const transcript = teacher.getByRole('dialog', { name: `${rosterName}: transcript` });
    const turns = transcript.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem');
    await turns.first().getByText(`Hi, I am ${rosterName}`, { exact: false }).waitFor();
    expect(await turns.count()).toBe(4);
    const feedback = `Well reasoned, ${t}: next time show the division.`;
    await transcript.getByRole('textbox', { name: `Feedback for ${rosterName}` }).fill(feedback);
    await transcript.getByRole('button', { name: 'Save feedback' }).click();
    await transcript.getByText('Feedback saved.').waitFor();
    expect(await teacher.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    await page.reload();
    await page
      .getByRole('region', { name: 'Handed in' })
      .getByRole('article', { name: title })
      .getByRole('region', { name: `Feedback from ${teacherName}` })
      .getByText(feedback)
      .waitFor();

    // What the provider received in this journey: the student's turns, without their name or address.
    const sent = fakeAiRequests().slice(requestsBefore);
    const studentTurns = sent.filter((body) => body.includes('unit rate') || body.includes('12 km'));
    expect(studentTurns.length).toBeGreaterThanOrEqual(2);
    for (const body of sent) {
      for (const secret of [rosterName, 'Jordan', 'Quill', student.name, 'Jules', student.email]) expect(body).not.toContain(secret);
    }
    expect(studentTurns.every((body) => body.includes('[Student]'))).toBe(true);

    expect(teacherErrors).toEqual([]);
    expect(studentErrors).toEqual([]);
    await studentContext.close();
    await teacherContext.close();
  });
});
