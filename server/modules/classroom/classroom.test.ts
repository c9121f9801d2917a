import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AssignmentDetail } from '../../../contract/assignments';
import type { ClassList, RosterList } from '../../../contract/classes';
import type { ClassroomCourseList, ClassroomStatus, ImportCourseResult, PostCourseworkResult } from '../../../contract/classroom';
import { CLASSROOM_SCOPES } from '../../../contract/classroom';
import { schema } from '../../db/client';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import { startFakeGoogleClassroom, type FakeGoogleClassroom } from '../../../tests/fakes/google-classroom';
import { allowConsoleErrors } from '../../../tests/setup';
import { assign, classWith, ownTutor } from '../assignments/assignments.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { connectClassroom } from './classroom.test-helpers';

// Issue 29, item 2: a Premium teacher connects Google Classroom, imports a course's students as a
// class (kept in step by importing again) and posts an assignment to a course as coursework, once;
// all against the fake Google (OAuth and Classroom v1), whose refusals reach the teacher in plain words.

type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
let google: FakeGoogleClassroom;

beforeAll(async () => {
  google = await startFakeGoogleClassroom();
  ctx = await createTestContext(google.env);
});
afterAll(async () => {
  await ctx.close();
  await google.close();
});

/** A Premium teacher, their Google account, and a course they teach with two students. */
async function teacherWithCourse(name = 'Period 3 Biology') {
  const teacher = await premiumTeacher(ctx);
  const googleUser = google.addUser(teacher.user.email);
  const course = google.addCourse({
    name,
    section: 'P3',
    teachers: [googleUser],
    students: [
      { email: `ada-${googleUser}@school.example`, fullName: 'Ada Lovelace' },
      { email: `ben-${googleUser}@school.example`, fullName: 'Ben Okri' },
    ],
  });
  return { ...teacher, googleUser, course };
}

async function connected(name?: string) {
  const t = await teacherWithCourse(name);
  const res = await connectClassroom(t.client, google, t.googleUser);
  expect([res.status, res.headers.get('location')]).toEqual([303, '/mystudents?classroom=connected']);
  return t;
}

const status = async (client: Awaited<ReturnType<typeof premiumTeacher>>['client']) =>
  (await client.json<ClassroomStatus>('GET', '/api/classroom/status')).body;

async function rosterEmails(client: Awaited<ReturnType<typeof premiumTeacher>>['client'], classId: string) {
  return (await client.json<RosterList>('GET', `/api/classes/${classId}/students`)).body.students.map((s) => s.email).sort();
}

describe('connecting', () => {
  it("sends the teacher to Google asking only Classroom's scopes, offline, with a state; keeps the tokens sealed", async () => {
    const t = await teacherWithCourse();
    expect(await status(t.client)).toEqual({ available: true, connection: 'none' });
    const start = await t.client.get('/api/classroom/connect');
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(google.env.GOOGLE_OAUTH_AUTHORIZE_URL);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: `${TEST_ORIGIN}/api/classroom/callback`,
      response_type: 'code',
      scope: CLASSROOM_SCOPES.join(' '),
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(to.searchParams.has('include_granted_scopes')).toBe(false);

    const back = await google.consent(start.headers.get('location')!, t.googleUser);
    const res = await t.client.get(new URL(back).pathname + new URL(back).search, { accept: 'text/html' });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/mystudents?classroom=connected']);
    expect(await status(t.client)).toEqual({ available: true, connection: 'connected' });

    const [row] = await ctx.database.db.select().from(schema.classroomConnection).where(eq(schema.classroomConnection.userId, t.user.id));
    expect(row!.scopes).toEqual([...CLASSROOM_SCOPES]);
    // Sealed: neither token is in the database as Google gave it.
    expect(row!.refreshToken).toMatch(/^v1\./);
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.refreshToken).not.toContain('1//');
    expect(row!.accessToken).not.toContain('ya29.');
  });

  it('lands on My Students saying so when the teacher says no at Google, and keeps nothing', async () => {
    const t = await teacherWithCourse();
    const res = await connectClassroom(t.client, google, t.googleUser, { deny: true });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/mystudents?classroom=denied']);
    expect(await status(t.client)).toMatchObject({ connection: 'none' });
  });

  it('refuses a consent without every Classroom permission (a browser lands on My Students), and keeps nothing', async () => {
    const t = await teacherWithCourse();
    const scopes = CLASSROOM_SCOPES.filter((s) => !s.endsWith('profile.emails'));
    const res = await connectClassroom(t.client, google, t.googleUser, { scopes });
    expect([res.status, ((await res.json()) as ErrorJson).error.code]).toEqual([403, 'classroom_scopes_missing']);
    const page = await connectClassroom(t.client, google, t.googleUser, { scopes, headers: { accept: 'text/html' } });
    expect([page.status, page.headers.get('location')]).toEqual([303, '/mystudents?classroom=failed']);
    expect(await status(t.client)).toMatchObject({ connection: 'none' });
  });

  it('takes a state once, and only within ten minutes', async () => {
    const t = await teacherWithCourse();
    const start = await t.client.get('/api/classroom/connect');
    const back = new URL(await google.consent(start.headers.get('location')!, t.googleUser));
    expect((await t.client.get(back.pathname + back.search)).status).toBe(303);
    const replay = await t.client.json<ErrorJson>('GET', back.pathname + back.search);
    expect([replay.status, replay.body.error.code]).toEqual([400, 'classroom_state_invalid']);

    const again = await t.client.get('/api/classroom/connect');
    const later = new URL(await google.consent(again.headers.get('location')!, t.googleUser));
    await ctx.database.db
      .update(schema.classroomOauthState)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.classroomOauthState.userId, t.user.id));
    const stale = await t.client.json<ErrorJson>('GET', later.pathname + later.search);
    expect([stale.status, stale.body.error.code]).toEqual([400, 'classroom_state_invalid']);
  });

  it('forgets the tokens on disconnect; Classroom calls then ask to connect', async () => {
    const t = await connected();
    const res = await t.client.request('DELETE', '/api/classroom/connection');
    expect(res.status).toBe(204);
    expect(await status(t.client)).toMatchObject({ connection: 'none' });
    expect(await ctx.database.db.select().from(schema.classroomConnection).where(eq(schema.classroomConnection.userId, t.user.id))).toEqual(
      [],
    );
    const courses = await t.client.json<ErrorJson>('GET', '/api/classroom/courses');
    expect([courses.status, courses.body.error.code]).toEqual([409, 'classroom_not_connected']);
    // Disconnecting twice is fine.
    expect((await t.client.request('DELETE', '/api/classroom/connection')).status).toBe(204);
  });
});

describe('courses', () => {
  it('lists the active courses the teacher teaches, every page, with the class an import made', async () => {
    const t = await connected('Algebra 1');
    google.addCourse({ name: 'Geometry', teachers: [t.googleUser] });
    google.addCourse({ name: 'Old course', teachers: [t.googleUser], courseState: 'ARCHIVED' });
    google.addCourse({ name: 'Someone else’s', teachers: [google.addUser('other@school.example')] });
    google.pageSize = 1;
    try {
      const res = await t.client.json<ClassroomCourseList>('GET', '/api/classroom/courses');
      expect(res.status).toBe(200);
      expect(res.body.courses.map((c) => [c.name, c.section, c.classId])).toEqual([
        ['Algebra 1', 'P3', null],
        ['Geometry', null, null],
      ]);
      const imported = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
      const again = await t.client.json<ClassroomCourseList>('GET', '/api/classroom/courses');
      expect(again.body.courses[0]!.classId).toBe(imported.body.class.id);
    } finally {
      google.pageSize = 100;
    }
  });

  it('answers an empty list when the teacher teaches nothing (Google leaves the list out)', async () => {
    const teacher = await premiumTeacher(ctx);
    const googleUser = google.addUser(teacher.user.email);
    await connectClassroom(teacher.client, google, googleUser);
    expect((await teacher.client.json<ClassroomCourseList>('GET', '/api/classroom/courses')).body).toEqual({ courses: [] });
  });
});

describe('importing a course', () => {
  it('makes a class named after the course, keeps it in step on a repeat (adds, takes off), and never a second class', async () => {
    const t = await connected();
    const first = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      class: { name: 'Period 3 Biology', section: 'P3', studentCount: 2 },
      created: true,
      added: 2,
      removed: 0,
      alreadyOnRoster: 0,
      withoutAddress: 0,
    });
    const classId = first.body.class.id;
    const roster = (await t.client.json<RosterList>('GET', `/api/classes/${classId}/students`)).body.students;
    expect(roster.map((s) => [s.name, s.source]).sort()).toEqual([
      ['Ada Lovelace', 'classroom'],
      ['Ben Okri', 'classroom'],
    ]);

    // The class's assignment reaches a student who joins the course later (the roster hook).
    const given = await assign(t.client, { botId: await ownTutor(t.client), title: 'Cells', classIds: [classId] });
    // A student the teacher added by hand stays whatever the course says.
    await t.client.json('POST', `/api/classes/${classId}/students`, { students: [{ email: 'kim@example.org', name: 'Kim' }] });
    const cara = `cara-${t.googleUser}@school.example`;
    google.addStudent(t.course.id, { email: cara, fullName: 'Cara Diaz' });
    google.removeStudent(t.course.id, `ben-${t.googleUser}@school.example`);

    const second = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      class: { id: classId, studentCount: 3 },
      created: false,
      added: 1,
      removed: 1,
      alreadyOnRoster: 1,
    });
    expect(await rosterEmails(t.client, classId)).toEqual([`ada-${t.googleUser}@school.example`, cara, 'kim@example.org'].sort());
    const detail = (await t.client.json<AssignmentDetail>('GET', `/api/assignments/${given.id}`)).body;
    expect(detail.students.find((s) => s.email === cara)).toMatchObject({ name: 'Cara Diaz', onRoster: true });
    // Ben's record stays, off the roster.
    expect(detail.students.find((s) => s.email.startsWith('ben-'))).toMatchObject({ onRoster: false });
    const removed = await ctx.database.db
      .select()
      .from(schema.rosterEntry)
      .where(and(eq(schema.rosterEntry.classId, classId), eq(schema.rosterEntry.email, `ben-${t.googleUser}@school.example`)));
    expect(removed[0]!.removedAt).not.toBeNull();

    // Ben comes back: on again, one current entry.
    google.addStudent(t.course.id, { email: `ben-${t.googleUser}@school.example`, fullName: 'Ben Okri' });
    const third = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
    expect(third.body).toMatchObject({ added: 1, removed: 0 });
    const classes = (await t.client.json<ClassList>('GET', '/api/classes')).body.classes;
    expect(classes.map((c) => c.id)).toEqual([classId]);

    const audit = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'classroom_course.import'), eq(schema.auditLog.actorUserId, t.user.id)));
    expect(audit.map((a) => a.after)).toEqual([
      { courseId: t.course.id, created: true, added: 2, removed: 0, alreadyOnRoster: 0, withoutAddress: 0 },
      { courseId: t.course.id, created: false, added: 1, removed: 1, alreadyOnRoster: 1, withoutAddress: 0 },
      { courseId: t.course.id, created: false, added: 1, removed: 0, alreadyOnRoster: 2, withoutAddress: 0 },
    ]);
    // No address in the audit entries.
    expect(JSON.stringify(audit)).not.toContain('@school.example');
  });

  it('makes one class when two imports of the same course race', async () => {
    const t = await connected();
    const answers = await Promise.all(
      [1, 2].map(() => t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect((await t.client.json<ClassList>('GET', '/api/classes')).body.classes).toHaveLength(1);
    expect(await rosterEmails(t.client, answers[0]!.body.class.id)).toHaveLength(2);
  });

  it('reads every page of the students, counts students without an address, and makes a new class after the old one was deleted', async () => {
    const t = await connected();
    google.addStudent(t.course.id, { email: 'not an address', fullName: 'Nameless' });
    google.pageSize = 1;
    let first;
    try {
      first = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
    } finally {
      google.pageSize = 100;
    }
    expect(first.body).toMatchObject({ added: 2, withoutAddress: 1 });
    expect((await t.client.request('DELETE', `/api/classes/${first.body.class.id}`)).status).toBe(204);
    const again = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
    expect(again.body).toMatchObject({ created: true, added: 2 });
    expect(again.body.class.id).not.toBe(first.body.class.id);
  });

  it('keeps long or odd course names as a class can hold them', async () => {
    const t = await connected(`${'Biology '.repeat(30)}\u0000\uD800`);
    const res = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
    expect(res.status).toBe(201);
    expect(res.body.class.name).toBe('Biology '.repeat(30).slice(0, 100).trim());
  });

  it('answers a course the teacher does not teach, or that does not exist, as not found', async () => {
    const t = await connected();
    const theirs = google.addCourse({ name: 'Not mine', teachers: [google.addUser('x@school.example')] });
    for (const id of [theirs.id, '999999999999', 'abc']) {
      const res = await t.client.json<ErrorJson>('POST', `/api/classroom/courses/${id}/import`);
      expect([id, res.status, res.body.error.code]).toEqual([id, 404, 'not_found']);
    }
    expect((await t.client.json<ClassList>('GET', '/api/classes')).body.classes).toEqual([]);
  });
});

describe('posting coursework', () => {
  async function teacherWithAssignment() {
    const t = await connected();
    const imported = await t.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${t.course.id}/import`);
    // Given first to another class of the teacher's: posting gives it to the course's class.
    const other = await classWith(t.client, 'Other', [['zoe@example.org', 'Zoe']]);
    const assignment = await assign(t.client, {
      botId: await ownTutor(t.client),
      title: 'Photosynthesis',
      instructions: 'Explain it to the tutor in your own words.',
      classIds: [other.id],
    });
    return { ...t, assignment, classId: imported.body.class.id };
  }

  it('posts the assignment once with a link that opens it; a repeat answers the same coursework; the imported class gets it', async () => {
    const t = await teacherWithAssignment();
    const before = google.posted.length;
    const res = await t.client.json<PostCourseworkResult>('POST', `/api/classroom/courses/${t.course.id}/coursework`, {
      assignmentId: t.assignment.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ alreadyPosted: false, classId: t.classId });
    expect(google.posted.length).toBe(before + 1);
    const work = google.posted.at(-1)!;
    expect(work).toMatchObject({ id: res.body.courseWorkId, courseId: t.course.id });
    expect(work.body).toEqual({
      title: 'Photosynthesis',
      description: 'Explain it to the tutor in your own words.',
      workType: 'ASSIGNMENT',
      state: 'PUBLISHED',
      materials: [{ link: { url: `${TEST_ORIGIN}/studentAssignments?assignment=${t.assignment.id}` } }],
    });
    expect(res.body.alternateLink).toMatch(/^https:\/\/classroom\.google\.com\//);

    const repeat = await t.client.json<PostCourseworkResult>('POST', `/api/classroom/courses/${t.course.id}/coursework`, {
      assignmentId: t.assignment.id,
    });
    expect([repeat.status, repeat.body]).toEqual([200, { ...res.body, alreadyPosted: true }]);
    expect(google.posted.length).toBe(before + 1);

    // The course's students have records the link opens.
    const detail = (await t.client.json<AssignmentDetail>('GET', `/api/assignments/${t.assignment.id}`)).body;
    expect(detail.students.map((s) => s.name)).toEqual(expect.arrayContaining(['Ada Lovelace', 'Ben Okri']));
    const audit = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'classroom_coursework.post'), eq(schema.auditLog.entityId, t.assignment.id)));
    expect(audit.map((a) => a.after)).toEqual([{ courseId: t.course.id, courseWorkId: res.body.courseWorkId, classId: t.classId }]);
  });

  it('posts once when two posts of the same assignment race', async () => {
    const t = await teacherWithAssignment();
    const before = google.posted.length;
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.client.json<PostCourseworkResult>('POST', `/api/classroom/courses/${t.course.id}/coursework`, { assignmentId: t.assignment.id }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers) expect([200, 201, 409]).toContain(a.status);
    expect(google.posted.length).toBe(before + 1);
  });

  it('gives the claim back when Google fails, so the next try posts', async () => {
    const t = await teacherWithAssignment();
    allowConsoleErrors();
    google.failNext('courseWork', 503);
    const failed = await t.client.json<ErrorJson>('POST', `/api/classroom/courses/${t.course.id}/coursework`, {
      assignmentId: t.assignment.id,
    });
    expect([failed.status, failed.body.error.code]).toEqual([503, 'unavailable']);
    const retry = await t.client.json<PostCourseworkResult>('POST', `/api/classroom/courses/${t.course.id}/coursework`, {
      assignmentId: t.assignment.id,
    });
    expect([retry.status, retry.body.alreadyPosted]).toEqual([201, false]);
  });

  it('refuses an assignment that is not the teacher’s (422 on the field) and a closed one (409), posting nothing', async () => {
    const t = await teacherWithAssignment();
    const other = await teacherWithAssignment();
    const before = google.posted.length;
    for (const assignmentId of [other.assignment.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.client.json<ErrorJson & { error: { fields: Record<string, string> } }>(
        'POST',
        `/api/classroom/courses/${t.course.id}/coursework`,
        { assignmentId },
      );
      expect([res.status, Object.keys(res.body.error.fields)]).toEqual([422, ['assignmentId']]);
    }
    await t.client.json('POST', `/api/assignments/${t.assignment.id}/close`);
    const closed = await t.client.json<ErrorJson>('POST', `/api/classroom/courses/${t.course.id}/coursework`, {
      assignmentId: t.assignment.id,
    });
    expect(closed.status).toBe(409);
    expect(google.posted.length).toBe(before);
  });

  it('says in plain words when Google refuses the post (not a teacher of the course)', async () => {
    const t = await teacherWithAssignment();
    const theirs = google.addCourse({ name: 'Not mine', teachers: [google.addUser('y@school.example')] });
    const res = await t.client.json<ErrorJson>('POST', `/api/classroom/courses/${theirs.id}/coursework`, { assignmentId: t.assignment.id });
    expect([res.status, res.body.error.code]).toEqual([403, 'classroom_refused']);
    expect(res.body.error.message).toMatch(/only its teachers/);
    // Nothing kept: the post can be made once it is allowed.
    expect(
      await ctx.database.db.select().from(schema.classroomCoursework).where(eq(schema.classroomCoursework.courseId, theirs.id)),
    ).toEqual([]);
  });
});

describe('tokens', () => {
  it('refreshes an access token Google no longer takes, and tries the call once more', async () => {
    const t = await connected();
    google.expireAccessTokens();
    const grants = google.grants.length;
    const res = await t.client.json<ClassroomCourseList>('GET', '/api/classroom/courses');
    expect(res.status).toBe(200);
    expect(google.grants.slice(grants)).toEqual(['refresh_token']);
    // The new token is kept: the next call needs no refresh.
    await t.client.json('GET', '/api/classroom/courses');
    expect(google.grants.slice(grants)).toEqual(['refresh_token']);
  });

  it('refreshes before the access token runs out', async () => {
    google.accessTokenSeconds = 30;
    let t;
    try {
      t = await connected();
    } finally {
      google.accessTokenSeconds = 3600;
    }
    const grants = google.grants.length;
    expect((await t.client.json('GET', '/api/classroom/courses')).status).toBe(200);
    expect(google.grants.slice(grants)).toEqual(['refresh_token']);
  });

  it('marks the connection lost when Google refuses the refresh token, and tells the teacher to connect again', async () => {
    const t = await connected();
    google.revokeRefreshTokens(t.googleUser);
    google.expireAccessTokens();
    const res = await t.client.json<ErrorJson>('GET', '/api/classroom/courses');
    expect([res.status, res.body.error.code]).toEqual([409, 'classroom_connection_lost']);
    expect(res.body.error.message).toMatch(/Connect Google Classroom again/);
    expect(await status(t.client)).toMatchObject({ connection: 'lost' });
    const imported = await t.client.json<ErrorJson>('POST', `/api/classroom/courses/${t.course.id}/import`);
    expect(imported.body.error.code).toBe('classroom_connection_lost');

    await connectClassroom(t.client, google, t.googleUser);
    expect(await status(t.client)).toMatchObject({ connection: 'connected' });
    expect((await t.client.json('GET', '/api/classroom/courses')).status).toBe(200);
  });

  it('treats tokens sealed under another auth secret as lost', async () => {
    const t = await connected();
    await ctx.database.db
      .update(schema.classroomConnection)
      .set({ refreshToken: 'v1.AAAA.AAAA.AAAA', accessExpiresAt: new Date(0) })
      .where(eq(schema.classroomConnection.userId, t.user.id));
    const res = await t.client.json<ErrorJson>('GET', '/api/classroom/courses');
    expect(res.body.error.code).toBe('classroom_connection_lost');
  });
});

describe("Google's failures", () => {
  it('answers a garbled answer with a clean 502, an outage with 503, and logs no course or person', async () => {
    const t = await connected('Secret Course Name');
    allowConsoleErrors();
    const logged = vi.spyOn(console, 'error');
    google.failNext('courses', 'garbled');
    const garbled = await t.client.json<ErrorJson>('GET', '/api/classroom/courses');
    expect([garbled.status, garbled.body.error.code]).toEqual([502, 'classroom_bad_answer']);
    expect(garbled.body.error.message).toMatch(/could not read/);

    google.failNext('students', 'garbled');
    expect((await t.client.json('POST', `/api/classroom/courses/${t.course.id}/import`)).status).toBe(502);
    google.failNext('students', 503);
    const down = await t.client.json<ErrorJson>('POST', `/api/classroom/courses/${t.course.id}/import`);
    expect([down.status, down.body.error.code]).toEqual([503, 'unavailable']);
    google.failNext('token', 500);
    google.expireAccessTokens();
    expect((await t.client.json('GET', '/api/classroom/courses')).status).toBe(503);
    // Not lost: Google's token endpoint was only down.
    expect(await status(t.client)).toMatchObject({ connection: 'connected' });

    const text = logged.mock.calls.flat().map(String).join('\n');
    expect(text).not.toMatch(/Secret Course Name|@school\.example|Lovelace|ya29|1\/\//);
    // Nothing was imported by the failed calls.
    const links = await ctx.database.db.select().from(schema.classroomCourse).where(eq(schema.classroomCourse.userId, t.user.id));
    expect(links).toEqual([]);
  });

  it('answers 403 on the course list in plain words', async () => {
    const t = await connected();
    google.failNext('courses', 403);
    const res = await t.client.json<ErrorJson>('GET', '/api/classroom/courses');
    expect([res.status, res.body.error.code]).toEqual([403, 'classroom_refused']);
  });
});

describe('an installation without Google sign-in', () => {
  it('answers 404 classroom_not_configured, and says it is not available', async () => {
    const bare = await createTestContext();
    try {
      const t = await premiumTeacher(bare);
      expect((await t.client.json<ClassroomStatus>('GET', '/api/classroom/status')).body).toEqual({ available: false, connection: 'none' });
      for (const [method, url] of [
        ['GET', '/api/classroom/connect'],
        ['GET', '/api/classroom/courses'],
        ['POST', '/api/classroom/courses/123/import'],
      ]) {
        const res = await t.client.json<ErrorJson>(method!, url!);
        expect([url, res.status, res.body.error.code]).toEqual([url, 404, 'classroom_not_configured']);
      }
    } finally {
      await bare.close();
    }
  });
});
