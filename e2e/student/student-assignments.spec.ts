// Behaviour (the budget journey at 1280 px dark, its pages at 360 px light in a render-only test): a student sees their assignments grouped (To do with the overdue one first and marked Late, due dates in words, the teacher's name), Starts one, is told the teacher can read the chat, gets the tutor's replies while the message budget counts down, meets a calm note instead of the message box at 0, and "I'm done" moves it to Handed in; a reload attaches to a reply being written and Stop ends it, all through the record; a mismatched address is not found, `new` names the conversation; a teacher switching to the student account sees the teacher's empty state; axe passes at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../fixtures/axe';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, shoot, token } from '../fixtures/checks';
import { slowParagraphsSent } from '../fixtures/fake-ai-record';
import { users } from '../fixtures/users';
import { transitionsDone } from '../fixtures/ui';
import { call } from '../fixtures/api';
import { endOfDayIn, leaveFeedback, newAssignment, seedAssignment } from '../fixtures/assignments';

const getBrowser = useBrowser();

/** Waits until no reply is streaming (Stop is gone). */
const replyDone = (page: Page) => page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });

describe('My Assignments (student)', () => {
  it('works through an assignment with a message budget at 1280 px (dark theme)', async () => {
    const width = 1280;
    const t = token();
    const teacher = await contextAs(getBrowser(), 'premiumTeacher');
    const work = await seedAssignment(teacher.request, {
      title: `Fractions ${t}`,
      dueAt: endOfDayIn(1),
      messageBudget: 2,
      instructions: 'Add two fractions with different denominators.\nExplain each step to the tutor.',
    });
    const overdue = await seedAssignment(teacher.request, { title: `Overdue ${t}`, dueAt: endOfDayIn(-3), messageBudget: null });
    await teacher.close();

    const context = await contextAs(getBrowser(), 'student', { width, height: 800, bypassCSP: true });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/studentAssignments');
    const todo = page.getByRole('region', { name: 'To do' });
    const card = todo.getByRole('article', { name: work.title });
    await card.waitFor();
    await card.getByText('Due tomorrow').waitFor();
    await card.getByText(`From ${users.premiumTeacher.name}`).waitFor();
    await card.getByText('Tutor: Socratic Math Tutor').waitFor();
    await card.getByText('2 messages left').waitFor();
    // Overdue first, and marked Late.
    const late = todo.getByRole('article', { name: overdue.title });
    await late.getByText('Late', { exact: true }).waitFor();
    const titles = await todo.getByRole('article').evaluateAll((els) => els.map((e) => e.querySelector('h3')?.textContent ?? ''));
    expect(titles.indexOf(overdue.title)).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf(overdue.title)).toBeLessThan(titles.indexOf(work.title));
    await shoot(page, `student-assignments-list-${width}`);
    await accessible(page);

    // Every card's button names its assignment to a screen reader (Start: <title>), the visible word first.
    expect(await late.getByRole('button', { name: `Start: ${overdue.title}`, exact: true }).count()).toBe(1);
    // Start: the conversation is made, and the address names it.
    await card.getByRole('button', { name: `Start: ${work.title}`, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: work.title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/run-student-tutor-bot\/[^/]+\/false\/[0-9a-f-]{36}\/[^/]+\/[^/]+\/[0-9a-f-]{36}$/);
    await page.getByText('Your teacher can read this chat.', { exact: true }).waitFor();
    await page.getByText('With Socratic Math Tutor').waitFor();
    await page.getByRole('banner').getByText('Socratic Math Tutor').waitFor();
    await page.getByText('Explain each step to the tutor.', { exact: false }).first().waitFor({ state: 'attached' });
    const left = page.getByTestId('messages-left');
    expect(await left.textContent()).toBe('2 messages left');
    // Nothing of the teacher's tools in the student's view.
    for (const name of ['Save conversation', 'Attach a file', 'Export']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    await accessible(page);
    await shoot(page, `student-run-start-${width}`);

    const list = page.getByRole('list', { name: 'Conversation', exact: true });
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('What is 1/2 + 1/3?');
    await page.getByRole('button', { name: 'Send' }).click();
    await replyDone(page);
    await list.getByText('Request:', { exact: false }).first().waitFor();
    await expect.poll(() => left.textContent()).toBe('1 message left');

    await box.fill('Is it 5/6?');
    await page.getByRole('button', { name: 'Send' }).click();
    await replyDone(page);
    // The budget is used up: a calm note in place of the message box.
    const note = page.getByText('You have used all your messages for this assignment.', { exact: false });
    await note.waitFor();
    expect(await box.count()).toBe(0);
    // The server refuses Regenerate once the budget is used up, so the page does not offer it.
    expect(await page.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    expect(await list.getByRole('listitem').count()).toBe(5); // welcome, 2 messages, 2 replies
    await accessible(page);
    await shoot(page, `student-run-budget-used-${width}`);

    // A reload keeps the conversation and the used-up budget.
    await page.reload();
    await note.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(5);

    // An address that does not match the record is not found.
    const url = new URL(page.url());
    const parts = url.pathname.split('/');
    parts[4] = '123e4567-e89b-12d3-a456-426614174000';
    const wrong = await context.newPage();
    await wrong.goto(parts.join('/'));
    await wrong.getByRole('heading', { level: 1, name: 'Assignment not found' }).waitFor();
    await wrong.close();

    // I'm done: confirm, then back to the list with the work handed in.
    await page.getByRole('button', { name: /I.m done/ }).click();
    const dialog = page.getByRole('dialog', { name: `Hand this in to ${users.premiumTeacher.name}?` });
    await dialog.getByText('You can’t send more messages unless your teacher hands it back.').waitFor();
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Hand it in' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();
    await page.getByRole('status').getByText(`You handed in “${work.title}”`, { exact: false }).waitFor();
    const handedIn = page.getByRole('region', { name: 'Handed in' }).getByRole('article', { name: work.title });
    await handedIn.getByRole('link', { name: 'Open' }).waitFor();
    expect(await todo.getByRole('article', { name: work.title }).count()).toBe(0);
    await accessible(page);
    await shoot(page, `student-assignments-handed-in-${width}`);

    // Opened again, it is read-only and says why.
    await handedIn.getByRole('link', { name: 'Open' }).click();
    await page.getByText('You handed this in.', { exact: false }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Your message' }).count()).toBe(0);

    // The teacher writes feedback and hands it back; the other one they close.
    const again = await contextAs(getBrowser(), 'premiumTeacher');
    await leaveFeedback(again.request, work.assignmentId, 'Good start! Now try 2/3 + 1/4.', true);
    await call(again.request, 'POST', `/api/assignments/${overdue.assignmentId}/close`);
    await again.close();
    await openAndSettle(page, '/studentAssignments');
    const back = page.getByRole('region', { name: 'To do' }).getByRole('article', { name: work.title });
    await back
      .getByRole('region', { name: `Feedback from ${users.premiumTeacher.name}` })
      .getByText('Now try 2/3 + 1/4.', { exact: false })
      .waitFor();
    await back.getByRole('link', { name: 'Continue' }).waitFor();
    const closed = page.getByRole('region', { name: 'Closed' }).getByRole('article', { name: overdue.title });
    await closed.getByRole('link', { name: 'Open' }).waitFor();
    await accessible(page);
    await shoot(page, `student-assignments-feedback-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('attaches to a reply still being written after a reload, and Stop ends it through the record', async () => {
    const work = await newAssignment(getBrowser(), 'Water');
    const context = await contextAs(getBrowser(), 'student');
    const page = await context.newPage();
    const errors = trackErrors(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await openAndSettle(page, '/studentAssignments');
    const card = page.getByRole('region', { name: 'To do' }).getByRole('article', { name: work.title });
    await card.getByText('No due date').waitFor();
    expect(await card.getByText('messages left', { exact: false }).count()).toBe(0);
    await card.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { level: 1, name: work.title }).waitFor();
    // No budget: nothing to count.
    expect(await page.getByTestId('messages-left').count()).toBe(0);
    const asked = `Explain the water cycle ${token()} [[slow]]`;
    await page.getByRole('textbox', { name: 'Your message' }).fill(asked);
    await page.getByRole('button', { name: 'Send' }).click();
    // A student's reply comes in pieces its safety checks have passed (e2e/student/checked-stream.spec.ts):
    // the page shows it being written, with Stop, and its first words.
    await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => slowParagraphsSent(asked), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await page.getByText(/^Paragraph 1: /).waitFor({ timeout: 20_000 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: work.title }).waitFor();
    const reply = page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem').last();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
    // The reply goes on after the reload: more of it is written before Stop.
    const before = slowParagraphsSent(asked);
    await expect.poll(() => slowParagraphsSent(asked), { timeout: 20_000 }).toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Stop' }).click();
    await replyDone(page);
    // What was written before Stop, checked, then shown.
    await reply.getByText(/^Paragraph 1: /).waitFor({ timeout: 20_000 });
    await reply.getByText('Stopped', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    // Everything went through the student's record, never a conversation or a bot.
    const asid = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const p of posts) expect(p.startsWith(`/api/my-assignments/${asid}/`)).toBe(true);
    expect(posts.some((p) => p.endsWith('/stop'))).toBe(true);

    // The same record opened as `new` names its conversation in the address.
    const named = new URL(page.url()).pathname;
    const parts = named.split('/');
    parts[4] = 'new';
    await page.goto(parts.join('/'));
    await expect.poll(() => new URL(page.url()).pathname).toBe(named);
    await reply.getByText('Stopped', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows a teacher who switched to the student account what their students see here', async () => {
    const context = await contextAs(getBrowser(), 'freeTeacher', { width: 360, bypassCSP: true });
    const page = await context.newPage();
    await openAndSettle(page, '/home/DocBot');
    await page.getByRole('button', { name: `Account menu for ${users.freeTeacher.name}` }).click();
    await page.getByRole('menuitem', { name: 'Switch to Student Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Nothing assigned to you' }).waitFor();
    await page.getByText('This page is what your students see.', { exact: false }).waitFor();
    expect(await page.getByRole('heading', { name: 'No assignments yet' }).count()).toBe(0);
    await accessible(page);
    await shoot(page, 'student-assignments-teacher-empty-360');
    await context.close();
  });

  // Render-only: the budget journey's pages at 360 px in the light theme.
  it('reads well at 360 px (light): the list, the tutor page, the used-up budget, the hand-in, the feedback', async () => {
    const width = 360;
    const t = token();
    const teacher = await contextAs(getBrowser(), 'premiumTeacher');
    const work = await seedAssignment(teacher.request, {
      title: `Fractions ${t}`,
      dueAt: endOfDayIn(1),
      messageBudget: 2,
      instructions: 'Add two fractions with different denominators.\nExplain each step to the tutor.',
    });
    const overdue = await seedAssignment(teacher.request, { title: `Overdue ${t}`, dueAt: endOfDayIn(-3), messageBudget: null });
    const context = await contextAs(getBrowser(), 'student', { width, height: 800, bypassCSP: true, theme: 'light' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/studentAssignments');
    const card = page.getByRole('region', { name: 'To do' }).getByRole('article', { name: work.title });
    await card.getByText('2 messages left').waitFor();
    await shoot(page, `student-assignments-list-${width}`);
    await accessible(page, width);

    await card.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Your teacher can read this chat.', { exact: true }).waitFor();
    await accessible(page, width);
    await shoot(page, `student-run-start-${width}`);
    const { assignments } = await call<{ assignments: { id: string; title: string }[] }>(context.request, 'GET', '/api/my-assignments');
    const asid = assignments.find((a) => a.title === work.title)!.id;
    for (const text of ['What is 1/2 + 1/3?', 'Is it 5/6?']) {
      const sent = await context.request.post(`/api/my-assignments/${asid}/messages`, {
        data: { idempotencyKey: `budget-${t}-${text.length}`, text },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(sent.status()).toBe(200);
      await sent.body();
    }
    await page.reload();
    await page.getByText('You have used all your messages for this assignment.', { exact: false }).waitFor();
    await accessible(page, width);
    await shoot(page, `student-run-budget-used-${width}`);

    await page.getByRole('button', { name: /I.m done/ }).click();
    const dialog = page.getByRole('dialog', { name: `Hand this in to ${users.premiumTeacher.name}?` });
    await dialog.getByText('You can’t send more messages unless your teacher hands it back.').waitFor();
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Hand it in' }).click();
    await page.getByRole('region', { name: 'Handed in' }).getByRole('article', { name: work.title }).waitFor();
    await accessible(page, width);
    await shoot(page, `student-assignments-handed-in-${width}`);

    await leaveFeedback(teacher.request, work.assignmentId, 'Good start! Now try 2/3 + 1/4.', true);
    await call(teacher.request, 'POST', `/api/assignments/${overdue.assignmentId}/close`);
    await teacher.close();
    await openAndSettle(page, '/studentAssignments');
    await page
      .getByRole('region', { name: 'To do' })
      .getByRole('article', { name: work.title })
      .getByRole('region', { name: `Feedback from ${users.premiumTeacher.name}` })
      .waitFor();
    await page.getByRole('region', { name: 'Closed' }).getByRole('article', { name: overdue.title }).waitFor();
    await accessible(page, width);
    await shoot(page, `student-assignments-feedback-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
