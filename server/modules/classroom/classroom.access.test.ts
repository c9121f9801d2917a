import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ClassroomCourseList, ImportCourseResult, PostCourseworkResult } from '../../../contract/classroom';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { startFakeGoogleClassroom, type FakeCourse, type FakeGoogleClassroom } from '../../../tests/fakes/google-classroom';
import { assign, classWith, ownTutor } from '../assignments/assignments.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { connectClassroom, pathOf } from './classroom.test-helpers';

// Issue 29, item 2: Google Classroom is a Premium teacher's own. Signed out 401, a student 403, a
// free teacher 402 (reading the connection and disconnecting only forget, so those stay open to a
// lapsed teacher); another teacher's assignment, class or state is never reached, and every refused
// call changes nothing.
type ErrorJson = { error: { code: string } };

let ctx: TestContext;
let google: FakeGoogleClassroom;
let owner: Awaited<ReturnType<typeof premiumTeacher>>;
let ownerGoogle: string;
let course: FakeCourse;
let assignmentId: string;
let classId: string;

beforeAll(async () => {
  google = await startFakeGoogleClassroom();
  ctx = await createTestContext(google.env);
  owner = await premiumTeacher(ctx);
  ownerGoogle = google.addUser(owner.user.email);
  course = google.addCourse({
    name: 'Chemistry',
    section: 'P5',
    teachers: [ownerGoogle],
    students: [{ email: 'ana@school.example', fullName: 'Ana Silva' }],
  });
  expect((await connectClassroom(owner.client, google, ownerGoogle)).status).toBe(303);
  classId = (await owner.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${course.id}/import`)).body.class.id;
  const other = await classWith(owner.client, 'Lab group', [['lab@example.org', 'Lab']]);
  assignmentId = (await assign(owner.client, { botId: await ownTutor(owner.client), title: 'Acids', classIds: [other.id] })).id;
  const posted = await owner.client.json('POST', `/api/classroom/courses/${course.id}/coursework`, { assignmentId });
  expect(posted.status).toBe(201);
});
afterAll(async () => {
  await ctx.close();
  await google.close();
});

const n = async (table: PgTable) => (await ctx.database.db.select({ n: count() }).from(table))[0]!.n;

/** Every Classroom row and what an import or a post writes beside them. */
const snapshot = async () => ({
  connections: await ctx.database.db.select().from(schema.classroomConnection).orderBy(schema.classroomConnection.userId),
  states: await n(schema.classroomOauthState),
  courses: await ctx.database.db.select().from(schema.classroomCourse).orderBy(schema.classroomCourse.classId),
  coursework: await ctx.database.db.select().from(schema.classroomCoursework),
  classes: await n(schema.teacherClass),
  roster: await n(schema.rosterEntry),
  records: await n(schema.studentAssignment),
  audit: await n(schema.auditLog),
  posted: google.posted.length,
});

const endpoints = (): [string, string, unknown?][] => [
  ['GET', '/api/classroom/status'],
  ['GET', '/api/classroom/connect'],
  ['GET', '/api/classroom/callback?state=abc&code=def'],
  ['GET', '/api/classroom/courses'],
  ['POST', `/api/classroom/courses/${course.id}/import`],
  ['POST', `/api/classroom/courses/${course.id}/coursework`, { assignmentId }],
  ['DELETE', '/api/classroom/connection'],
];

describe('access', () => {
  it('refuses every endpoint signed out (401) and to a student (403), changing nothing', async () => {
    const before = await snapshot();
    const callers: [string, TestClient, number][] = [
      ['signed out', new TestClient(ctx), 401],
      ['a student', (await signedIn(ctx, { role: 'student' })).client, 403],
    ];
    for (const [who, client, status] of callers)
      for (const [method, url, body] of endpoints()) {
        const res = await client.request(method, url, body);
        expect([who, method, url, res.status]).toEqual([who, method, url, status]);
      }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a free teacher with 402 (status and disconnect, which only forget, answer), changing nothing', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const before = await snapshot();
    for (const [method, url, body] of endpoints()) {
      const res = await client.request(method, url, body);
      const open = url.endsWith('/status') || method === 'DELETE';
      expect([method, url, res.status]).toEqual([method, url, open ? (method === 'DELETE' ? 204 : 200) : 402]);
      if (!open) expect(((await res.json()) as ErrorJson).error.code).toBe('premium_required');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("never reaches another teacher's assignment, class or imported course", async () => {
    const other = await premiumTeacher(ctx);
    const otherGoogle = google.addUser(other.user.email);
    // A co-teacher of the same course in Classroom.
    course.teachers.push(otherGoogle);
    await connectClassroom(other.client, google, otherGoogle);
    const before = await snapshot();

    // The owner's assignment is no assignment of theirs: 422 on the field, nothing posted.
    const post = await other.client.json<ErrorJson>('POST', `/api/classroom/courses/${course.id}/coursework`, { assignmentId });
    expect([post.status, post.body.error.code]).toEqual([422, 'validation_failed']);
    expect(await snapshot()).toEqual(before);

    // The course lists with no class of theirs; importing it makes their own class, never the owner's.
    const listed = (await other.client.json<ClassroomCourseList>('GET', '/api/classroom/courses')).body.courses;
    expect(listed.find((c) => c.id === course.id)?.classId).toBeNull();
    const imported = await other.client.json<ImportCourseResult>('POST', `/api/classroom/courses/${course.id}/import`);
    expect([imported.status, imported.body.created]).toEqual([201, true]);
    expect(imported.body.class.id).not.toBe(classId);
    expect((await other.client.json('GET', `/api/classes/${classId}/students`)).status).toBe(404);
    // The owner's own class, link and posted coursework are as they were.
    expect((await snapshot()).courses.filter((l) => l.userId === owner.user.id)).toEqual(before.courses);
    expect((await snapshot()).coursework).toEqual(before.coursework);
    // Their own post of their own assignment is theirs: the owner's earlier post is no answer for it.
    const theirs = await classWith(other.client, 'Theirs', [['t@example.org', 'T']]);
    const own = await assign(other.client, { botId: await ownTutor(other.client), title: 'Bases', classIds: [theirs.id] });
    const posted = await other.client.json<PostCourseworkResult>('POST', `/api/classroom/courses/${course.id}/coursework`, {
      assignmentId: own.id,
    });
    expect([posted.status, posted.body.alreadyPosted, posted.body.classId]).toEqual([201, false, imported.body.class.id]);
  });

  it("refuses a callback with another teacher's state, or a replayed one, changing nothing; the state stays its teacher's", async () => {
    const other = await premiumTeacher(ctx);
    const start = await owner.client.get('/api/classroom/connect');
    const back = pathOf(await google.consent(start.headers.get('location')!, ownerGoogle));

    const before = await snapshot();
    const stolen = await other.client.json<ErrorJson>('GET', back);
    expect([stolen.status, stolen.body.error.code]).toEqual([400, 'classroom_state_invalid']);
    const page = await other.client.get(back, { accept: 'text/html' });
    expect([page.status, page.headers.get('location')]).toEqual([303, '/mystudents?classroom=failed']);
    expect(await snapshot()).toEqual(before);
    expect((await other.client.json('GET', '/api/classroom/status')).body).toMatchObject({ connection: 'none' });

    // The owner's own callback still works, once.
    expect((await owner.client.get(back)).status).toBe(303);
    const afterUse = await snapshot();
    const replay = await owner.client.json<ErrorJson>('GET', back);
    expect([replay.status, replay.body.error.code]).toEqual([400, 'classroom_state_invalid']);
    expect(await snapshot()).toEqual(afterUse);
  });

  it('answers a malformed course id with the one 404, before reading the body', async () => {
    for (const id of ['not-a-course', '12ab', `${'9'.repeat(41)}`]) {
      for (const part of ['import', 'coursework']) {
        const res = await owner.client.json<ErrorJson>('POST', `/api/classroom/courses/${id}/${part}`, { assignmentId: 'x' });
        expect([id, part, res.status, res.body.error.code]).toEqual([id, part, 404, 'not_found']);
      }
    }
  });
});
