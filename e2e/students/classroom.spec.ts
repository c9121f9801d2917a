// Behaviour (one journey at 1280 px, light): a premium teacher connects Google Classroom from My Students (the fake Google's consent page, tests/fakes/google-classroom.ts), imports a course's students as a class, gives that class an assignment and posts it to the course from the assignment's page; Classroom holds the coursework with its link, and a student of the course who opens the link lands on their record's tutor page.
import { describe, expect, it } from 'vitest';
import { call } from '../fixtures/api';
import { baseUrl, contextAs, openAndSettle, trackErrors, useBrowser } from '../fixtures/browser';
import { shoot, token } from '../fixtures/checks';
import { googleAccount, googleCourse, googlePosted } from '../fixtures/google';
import { users } from '../fixtures/users';

const getBrowser = useBrowser();

describe('Google Classroom', () => {
  it('a teacher connects, imports a course as a class and posts an assignment to it; a student opens the link', async () => {
    const t = token();
    const context = await contextAs(getBrowser(), 'classroomTeacher', { width: 1280, theme: 'light' });
    const teacherGoogle = await googleAccount(context, users.classroomTeacher.email);
    const courseName = `Biology ${t}`;
    const course = await googleCourse({
      name: courseName,
      section: 'P2',
      teachers: [teacherGoogle],
      students: [
        { email: users.classroomStudent.email, fullName: users.classroomStudent.name },
        { email: `ana.${t}@school.test`, fullName: 'Ana Ruiz' },
      ],
    });
    const page = await context.newPage();
    const errors = trackErrors(page);

    // Connect: Google's consent page answers at once for the signed-in Google account; the courses open.
    await openAndSettle(page, '/mystudents');
    // (Connected already when the test runs again after a failure: the button opens the courses.)
    await page.getByRole('button', { name: /^(Connect Google Classroom|Google Classroom)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Google Classroom' });
    await dialog.getByRole('list', { name: 'Your Google Classroom courses' }).waitFor();
    await dialog.getByRole('button', { name: `Import ${courseName} · P2` }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `${courseName} · P2: 2 students added, 0 taken off.` })
      .waitFor();
    await dialog.getByRole('button', { name: `Import ${courseName} · P2 again` }).waitFor();
    await shoot(page, 'classroom-import-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The course is a class with its students.
    const classes = await call<{ classes: { id: string; name: string }[] }>(context.request, 'GET', '/api/classes');
    const imported = classes.classes.find((c) => c.name === courseName);
    expect(imported).toBeDefined();
    await openAndSettle(page, `/mystudents?class=${imported!.id}`);
    await page.getByText('Ana Ruiz').first().waitFor();
    await page.getByText(users.classroomStudent.name).first().waitFor();

    // An assignment for that class, posted to the course from its page.
    const templates = await call<{ items: { id: string; name: string }[] }>(
      context.request,
      'GET',
      '/api/bots?kind=TutorBot&tab=templates&limit=100',
    );
    const title = `Photosynthesis ${t}`;
    const made = await call<{ id: string }>(context.request, 'POST', '/api/assignments', {
      botId: templates.items.find((b) => b.name === 'Socratic Math Tutor')!.id,
      title,
      instructions: 'Explain how a leaf makes sugar.',
      dueAt: null,
      messageBudget: null,
      classIds: [imported!.id],
    });
    await openAndSettle(page, `/teachAssignments?assignment=${made.id}`);
    await page.getByRole('button', { name: 'Post to Google Classroom' }).click();
    const post = page.getByRole('dialog', { name: 'Post to Google Classroom' });
    await post.getByRole('combobox', { name: 'Course' }).click();
    await page.getByRole('option', { name: `${courseName} · P2` }).click();
    await post.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByText(`Posted to ${courseName} · P2 in Google Classroom.`).waitFor();
    await shoot(page, 'classroom-posted-1280');

    const posted = (await googlePosted()).filter((w) => w.courseId === course.id);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body.title).toBe(title);
    const link = posted[0]!.body.materials?.[0]?.link?.url;
    expect(link).toBe(`${baseUrl}/studentAssignments?assignment=${made.id}`);

    // A student of the course opens the link from Classroom: their record's tutor page.
    const student = await contextAs(getBrowser(), 'classroomStudent', { width: 1280, theme: 'light' });
    const studentPage = await student.newPage();
    const studentErrors = trackErrors(studentPage);
    await studentPage.goto(link!);
    await studentPage.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(studentPage.url()).pathname).toMatch(/^\/run-student-tutor-bot\//);

    expect(errors).toEqual([]);
    expect(studentErrors).toEqual([]);
    await student.close();
    await context.close();
  });
});
