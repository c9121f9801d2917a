// Behaviour: the teacher-list note is said once, where it helps: on My Assignments, to a school account that signed up as a teacher and has no assignments; it can be hidden and stays hidden after a reload; a school student who signed up as one never sees it, and the tutor page never shows it: there, at 360x740, the message box and the latest reply are in view without scrolling. Start and Continue answer a click at once (disabled, with a spinner) until the tutor page replaces the list. Dark at 1280 px (drawer open), light at 360 px, axe on each.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { accessible, token } from '../fixtures/checks';
import { transitionsDone } from '../fixtures/ui';
import { users } from '../fixtures/users';
import { replyDone, shoot } from '../runs/helpers';
import { call } from '../fixtures/api';
import { seedAssignment } from '../fixtures/assignments';

const getBrowser = useBrowser();
const note = (page: Page) => page.getByText('to the teacher list', { exact: false });

async function open(who: 'schoolStudent' | 'schoolPupil' | 'student', width: number, light: boolean, height = 800) {
  const context = await contextAs(getBrowser(), who, { width, height, bypassCSP: true });
  if (light) await context.addInitScript(() => localStorage.setItem('classbots.themeMode', 'light'));
  return context;
}

/** Whether the element is on screen without scrolling: wholly, or (taller than the screen) filling it. */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const height = page.viewportSize()!.height;
  if (!box) return false;
  return box.height >= height ? box.y <= 0 && box.y + box.height >= height : box.y >= 0 && box.y + box.height <= height;
}

describe('the teacher-list note', () => {
  it('is shown on My Assignments to a school account that signed up as a teacher, and stays hidden once hidden (1280 px, dark)', async () => {
    const context = await open('schoolStudent', 1280, false);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/studentAssignments');
    const hint = page.getByRole('alert').filter({ hasText: `add ${users.schoolStudent.email} to the teacher list` });
    await hint.waitFor();
    await accessible(page, 1280);
    await shoot(page, 'student-teacher-list-note-1280-dark');
    await hint.getByRole('button', { name: 'Hide this note' }).click();
    await hint.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Join a class' }).waitFor();
    expect(await note(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads at 360 px (light)', async () => {
    const context = await open('schoolStudent', 360, true);
    const page = await context.newPage();
    await openAndSettle(page, '/studentAssignments');
    await note(page).waitFor();
    await accessible(page, 360);
    await context.close();
  });
});

describe('the tutor page of a school student', () => {
  async function startWork(context: BrowserContext, title: string) {
    const page = await context.newPage();
    const errors = trackErrors(page);
    await openAndSettle(page, '/studentAssignments');
    const card = page.getByRole('region', { name: 'To do' }).getByRole('article', { name: title });
    await card.waitFor();
    // Signed up as a student: no note on any page.
    expect(await note(page).count()).toBe(0);
    await card.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    return { page, errors };
  }

  it('keeps the message box and the latest reply in view at 360x740, with no teacher-list note (light)', async () => {
    const teacher = await contextAs(getBrowser(), 'premiumTeacher');
    const work = await seedAssignment(teacher.request, {
      title: `In view ${token()}`,
      dueAt: null,
      messageBudget: 5,
      instructions: 'Read the story.\nAnswer three questions about it.',
      student: users.schoolPupil,
    });
    await teacher.close();
    const context = await open('schoolPupil', 360, true, 740);
    const { page, errors } = await startWork(context, work.title);
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.waitFor();
    expect(await note(page).count()).toBe(0);
    expect(await inView(page, box)).toBe(true);
    await box.fill('What happens in the story?');
    await page.getByRole('button', { name: 'Send' }).click();
    await replyDone(page);
    const reply = page.getByRole('list', { name: 'Conversation', exact: true }).getByRole('listitem').last();
    await reply.getByText('Request:', { exact: false }).waitFor();
    await transitionsDone(page);
    expect(await inView(page, box)).toBe(true);
    // The reply's start is on screen above the box.
    expect(await inView(page, reply.getByText(`Socratic Math Tutor`, { exact: true }).first())).toBe(true);
    await shoot(page, 'student-tutor-in-view-360-light');
    await accessible(page, 360);
    // Opened again (a reload): the box and the latest reply are where the student left them.
    await page.reload();
    await reply.getByText('Request:', { exact: false }).waitFor();
    await transitionsDone(page);
    expect(await inView(page, box)).toBe(true);
    expect(await inView(page, reply.getByText(`Socratic Math Tutor`, { exact: true }).first())).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('reads at 1280 px with the drawer open (dark)', async () => {
    const teacher = await contextAs(getBrowser(), 'premiumTeacher');
    const work = await seedAssignment(teacher.request, {
      title: `Wide ${token()}`,
      dueAt: null,
      messageBudget: null,
      student: users.schoolPupil,
    });
    await teacher.close();
    const context = await open('schoolPupil', 1280, false);
    const { page, errors } = await startWork(context, work.title);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await note(page).count()).toBe(0);
    expect(await inView(page, page.getByRole('textbox', { name: 'Your message' }))).toBe(true);
    await accessible(page, 1280);
    await shoot(page, 'student-tutor-1280-dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Start and Continue on My Assignments', () => {
  it('answer a click at once, until the tutor page replaces the list (360 px, light)', async () => {
    const teacher = await contextAs(getBrowser(), 'premiumTeacher');
    const started = await seedAssignment(teacher.request, { title: `Begun ${token()}`, dueAt: null, messageBudget: null });
    const fresh = await seedAssignment(teacher.request, { title: `Fresh ${token()}`, dueAt: null, messageBudget: null });
    await teacher.close();
    const context = await open('student', 360, true);
    const mine = await call<{ assignments: { id: string; title: string }[] }>(context.request, 'GET', '/api/my-assignments');
    const begun = mine.assignments.find((a) => a.title === started.title)!;
    await call(context.request, 'POST', `/api/my-assignments/${begun.id}/start`);

    /** The list, with the tutor page's code held back as on a slow connection: the list stays while it loads. */
    async function listWithSlowTutor() {
      const page = await context.newPage();
      const errors = trackErrors(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested: () => void = () => undefined;
      const asked = new Promise<void>((resolve) => (requested = resolve));
      // Routing also turns the browser's cache off: each page asks for the code again.
      await page.route(/\/assets\/RunStudentTutorBotPage[^/]*\.js$/, async (route) => {
        requested();
        await held;
        await route.continue();
      });
      await openAndSettle(page, '/studentAssignments');
      const todo = page.getByRole('region', { name: 'To do' });
      await todo.getByRole('article', { name: fresh.title }).waitFor();
      return { page, errors, todo, asked, release };
    }

    // Continue: a link, answered at once.
    const first = await listWithSlowTutor();
    await accessible(first.page, 360);
    const begunCard = first.todo.getByRole('article', { name: started.title });
    await begunCard.getByRole('link', { name: 'Continue' }).click();
    await first.asked;
    const opening = begunCard.getByRole('link', { name: 'Opening…' });
    await opening.waitFor();
    expect(await opening.getAttribute('aria-disabled')).toBe('true');
    await shoot(first.page, 'student-assignments-opening-360-light');
    first.release();
    await first.page.getByRole('heading', { level: 1, name: started.title }).waitFor();
    expect(first.errors).toEqual([]);
    await first.page.close();

    // Start: from the click until the tutor page is there, the button is disabled and never reads Start again.
    const second = await listWithSlowTutor();
    const card = second.todo.getByRole('article', { name: fresh.title });
    await card.evaluate((article) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const button = article.querySelector('button');
        // From the first Starting… on (the click's own ripple comes before it).
        const state = button ? `${button.textContent}|${button.disabled}` : null;
        if (state && (seen.length || state.startsWith('Starting'))) seen.push(state);
      }).observe(article, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await card.getByRole('button', { name: 'Start' }).click();
    // Started on the server, the tutor page on its way: still answering the click.
    await second.asked;
    await transitionsDone(second.page);
    expect(await card.getByRole('button', { name: 'Starting…' }).isDisabled()).toBe(true);
    second.release();
    await second.page.getByRole('heading', { level: 1, name: fresh.title }).waitFor();
    const seen = await second.page.evaluate(() => (window as unknown as { seen?: string[] }).seen ?? []);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((x) => x !== 'Starting…|true')).toEqual([]);
    expect(second.errors).toEqual([]);
    await context.close();
  }, 90_000);
});
