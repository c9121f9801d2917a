// Behaviour (one journey at 1280 px, light): from a fake LMS's course page (tests/fakes/lti-platform.ts, registered by the support account for Springfield High), a teacher on the school's teachers list chooses Add ClassBots, lands signed in on the picker and adds a TutorBot assignment to the course; the course shows the link. A student of the course opens it from the LMS, lands signed in on their record's tutor page, writes to the tutor and hands it in; the teacher's LMS gradebook shows the completion. The course's member list changes, and the next launch adds the new student to the course's class and takes the one who left off it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../fixtures/api';
import { seedAssignment } from '../fixtures/assignments';
import { baseUrl, contextAs, trackErrors, useBrowser } from '../fixtures/browser';
import { shoot, token } from '../fixtures/checks';
import { school } from '../fixtures/users';
import { ROLE, startFakeLtiPlatform, type FakeLtiPlatform, type FakeUser } from '../../tests/fakes/lti-platform';

const getBrowser = useBrowser();
let lms: FakeLtiPlatform;

beforeAll(async () => {
  lms = await startFakeLtiPlatform();
  lms.useTool(baseUrl);
});
afterAll(() => lms.close());

let registered = false;

/** The platform registered for Springfield High by the support account, as superDash does it (once: a retry finds it there). */
async function register(browser: Browser) {
  if (registered) return;
  registered = true;
  const support = await contextAs(browser, 'support');
  const schools = await call<{ schools: { id: string; domains: string[] }[] }>(support.request, 'GET', '/api/superdash/schools');
  const springfield = schools.schools.find((s) => s.domains.includes(school.domain))!;
  await call(support.request, 'POST', '/api/superdash/lti-platforms', lms.registration(springfield.id));
  await support.close();
}

/** A fresh browser (no ClassBots session) on the LMS's course page as this person. */
async function atCourse(browser: Browser, contextId: string, person: FakeUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(lms.coursePage(contextId, person.sub));
  return { context, page };
}

describe('LTI 1.3 from a course', () => {
  it('a teacher adds an assignment from the course, a student opens it and hands it in, the gradebook shows it, and the roster follows the course', async () => {
    const browser = getBrowser();
    await register(browser);
    const t = token();
    const teacherEmail = `lti-${t}@${school.domain}`;
    const admin = await contextAs(browser, 'schoolAdmin');
    await call(admin.request, 'POST', '/api/school-admin/teachers', { email: teacherEmail, building: '' });
    await admin.close();
    const teacher: FakeUser = { sub: `t-${t}`, name: 'Lena Lms', email: teacherEmail, emailVerified: true, roles: [ROLE.instructor] };
    const ada: FakeUser = { sub: `s1-${t}`, name: 'Ada Course', roles: [ROLE.learner] };
    const bo: FakeUser = { sub: `s2-${t}`, name: 'Bo Course', roles: [ROLE.learner] };
    const cy: FakeUser = { sub: `s3-${t}`, name: 'Cy Course', roles: [ROLE.learner] };
    const courseId = `bio-${t}`;
    lms.course(courseId, 'Biology 7', [teacher, ada, bo]);

    // The teacher: Add ClassBots, signed in on the picker; an assignment of theirs goes to the course.
    const lmsTeacher = await atCourse(browser, courseId, teacher);
    const teacherErrors = trackErrors(lmsTeacher.page);
    await lmsTeacher.page.getByRole('button', { name: 'Add ClassBots' }).click();
    await lmsTeacher.page.getByRole('heading', { level: 1, name: 'Add an assignment to your course' }).waitFor();
    const title = `Cells ${t}`;
    await seedAssignment(lmsTeacher.context.request, {
      title,
      dueAt: null,
      messageBudget: null,
      student: { email: `other-${t}@example.org`, name: 'Other' },
    });
    await lmsTeacher.page.reload();
    const choice = lmsTeacher.page.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: 'Add to course' });
    await choice.waitFor();
    await shoot(lmsTeacher.page, 'lti-picker-1280');
    await choice.click();
    await lmsTeacher.page.getByRole('heading', { level: 1, name: 'Biology 7' }).waitFor();
    await lmsTeacher.page.getByRole('button', { name: `Open ${title}` }).waitFor();

    // A student opens it from the course: signed in, on their record's tutor page; writes; hands it in.
    const lmsStudent = await atCourse(browser, courseId, ada);
    const studentErrors = trackErrors(lmsStudent.page);
    await lmsStudent.page.getByRole('button', { name: `Open ${title}` }).click();
    const page = lmsStudent.page;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/run-student-tutor-bot\//);
    await page
      .getByRole('button', { name: 'Start' })
      .or(page.getByRole('textbox', { name: 'Your message' }))
      .first()
      .waitFor();
    if (await page.getByRole('button', { name: 'Start' }).count()) await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('textbox', { name: 'Your message' }).fill('What does a cell membrane do?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('button', { name: /I.m done/ }).click();
    await page.getByRole('dialog', { name: 'Hand this in to Lena Lms?' }).getByRole('button', { name: 'Hand it in' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Assignments' }).waitFor();

    // The teacher's gradebook in the LMS shows the hand-in.
    const gradebook = lmsTeacher.page.getByRole('table', { name: `Gradebook: ${title}` });
    await expect
      .poll(
        async () => {
          await lmsTeacher.page.reload();
          return (await gradebook.count()) ? gradebook.getByRole('row').filter({ hasText: 'Ada Course' }).textContent() : '';
        },
        { timeout: 20_000 },
      )
      .toContain('Submitted1 / 1');
    await shoot(lmsTeacher.page, 'lti-gradebook-1280');

    // The course changes: Bo leaves, Cy joins. The next launch (the teacher's) keeps the class in step.
    lms.course(courseId, 'Biology 7', [teacher, ada, cy]);
    await lmsTeacher.page.getByRole('button', { name: `Open ${title}` }).click();
    await lmsTeacher.page.waitForURL(/\/teachAssignments/);
    await lmsTeacher.page.goto(`${baseUrl}/mystudents`);
    await lmsTeacher.page
      .getByRole('button', { name: /Biology 7/ })
      .or(lmsTeacher.page.getByRole('link', { name: /Biology 7/ }))
      .first()
      .click();
    await lmsTeacher.page.getByText('Cy Course').first().waitFor();
    await lmsTeacher.page.getByText('Ada Course').first().waitFor();
    expect(await lmsTeacher.page.getByText('Bo Course').count()).toBe(0);
    await shoot(lmsTeacher.page, 'lti-roster-1280');

    expect(teacherErrors).toEqual([]);
    expect(studentErrors).toEqual([]);
    await lmsTeacher.context.close();
    await lmsStudent.context.close();
  });
});
