import { beforeAll, describe, expect, it } from 'vitest';
import type { MyAssignmentDetail, MyAssignmentList } from '../../../contract/assignments';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { makeSchool, teacherAt, adminOf } from '../bots/bots.test-helpers';
import { assignmentWorld, giveTutorIcon, PNG, type World } from './my-assignments.test-helpers';

// Issue 14, item 4 and its tests: a student reaches only their own record. Another student of the
// same class, a student of another teacher, a teacher of another school, a free teacher, and the
// teacher side itself (the assigning teacher, a colleague of their school, its admin) get the same
// 404 as an unknown id on every route; a signed-out caller gets 401; the owner gets 200.

let ctx: TestContext;
let fake: FakeGemini;
let world: World;
let owner: TestClient;
let asid: string;
let replyId: string;
let refused: Record<string, TestClient>;
let signedOut: TestClient;

useAiTest((t) => ({ ctx, fake } = t));
beforeAll(async () => {
  // The assigning teacher teaches at a school, whose colleagues and admin are refused too.
  const school = await makeSchool(ctx);
  const teacherEmail = `rivera@${school.domain}`;
  await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email: teacherEmail });
  world = await assignmentWorld(ctx, { teacherEmail });
  // The tutor has an uploaded icon, which the student's record grants them (the bot is private).
  await giveTutorIcon(ctx, world);
  const student = await world.addStudent();
  owner = student.client;
  asid = student.asid;
  const classmate = await world.addStudent({ name: 'Ben Classmate' });
  const elsewhere = await assignmentWorld(ctx, { teacherName: 'Mr Other' });
  const otherStudent = await elsewhere.addStudent({ name: 'Olu Other' });
  for (const s of [student, classmate, otherStudent])
    expect((await s.client.json('POST', `/api/my-assignments/${s.asid}/start`)).status).toBe(200);
  refused = {
    'another student of the same class': classmate.client,
    'a student of another teacher': otherStudent.client,
    'a teacher of another school': (await teacherAt(ctx, await makeSchool(ctx))).client,
    'a free teacher': (await signedIn(ctx, { role: 'teacher' })).client,
    'the assigning teacher': world.teacher.client,
    "a colleague at the teacher's school": (await teacherAt(ctx, school)).client,
    "the admin of the teacher's school": await adminOf(ctx, school),
  };
  signedOut = new TestClient(ctx);
  await readUIStream(await owner.post(`/api/my-assignments/${asid}/messages`, { idempotencyKey: key(), text: 'Hello tutor' }));
  const detail = await owner.json<MyAssignmentDetail>('GET', `/api/my-assignments/${asid}`);
  replyId = detail.body.messages.find((m) => m.role === 'assistant')!.id;
});

type Call = (client: TestClient) => Promise<Response>;

/** Every route of a record, in an order the owner can follow (submit last). */
const routes: [string, Call][] = [
  ['GET /api/my-assignments/:asid', (c) => c.get(`/api/my-assignments/${asid}`)],
  ['GET /api/my-assignments/:asid/icon', (c) => c.get(`/api/my-assignments/${asid}/icon`)],
  ['POST /api/my-assignments/:asid/start', (c) => c.post(`/api/my-assignments/${asid}/start`)],
  ['POST /api/my-assignments/:asid/messages', (c) => c.post(`/api/my-assignments/${asid}/messages`, { idempotencyKey: key(), text: 'Hi' })],
  ['GET /api/my-assignments/:asid/messages/:messageId/stream', (c) => c.get(`/api/my-assignments/${asid}/messages/${replyId}/stream`)],
  ['POST /api/my-assignments/:asid/messages/:messageId/stop', (c) => c.post(`/api/my-assignments/${asid}/messages/${replyId}/stop`)],
  ['POST /api/my-assignments/:asid/retry', (c) => c.post(`/api/my-assignments/${asid}/retry`, { idempotencyKey: key() })],
  ['POST /api/my-assignments/:asid/submit', (c) => c.post(`/api/my-assignments/${asid}/submit`)],
];

describe('GET /api/my-assignments', () => {
  it('lists only the caller’s own records, and refuses a signed-out caller', async () => {
    expect((await signedOut.get('/api/my-assignments')).status).toBe(401);
    for (const client of Object.values(refused)) {
      const list = await client.json<MyAssignmentList>('GET', '/api/my-assignments');
      expect(list.status).toBe(200);
      expect(list.body.assignments.map((a) => a.id)).not.toContain(asid);
    }
    const mine = await owner.json<MyAssignmentList>('GET', '/api/my-assignments');
    expect(mine.body.assignments.map((a) => a.id)).toEqual([asid]);
  });
});

describe.each(routes)('%s', (_route, call) => {
  it('is 401 signed out, the one 404 for everyone but the record’s student, and 200 for them', async () => {
    const before = fake.requests.length;
    expect((await call(signedOut)).status).toBe(401);
    for (const [who, client] of Object.entries(refused)) {
      const res = await call(client);
      expect({ who, status: res.status }).toEqual({ who, status: 404 });
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'not_found', message: 'That assignment was not found.' });
    }
    expect(fake.requests.length).toBe(before);
    const res = await call(owner);
    expect(res.status).toBe(200);
    await res.text();
  });
});

describe('GET /api/my-assignments/:asid/icon', () => {
  it("serves the private tutor's picture to the record's student, who may not read it through the bot", async () => {
    const res = await owner.get(`/api/my-assignments/${asid}/icon`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const detail = await owner.json<MyAssignmentDetail>('GET', `/api/my-assignments/${asid}`);
    expect((await owner.get(`/api/bots/${detail.body.bot.id}/icon`)).status).toBeGreaterThanOrEqual(400);
    const again = await owner.get(`/api/my-assignments/${asid}/icon`, { 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
});

describe('a record first opened by one account', () => {
  it('stays closed to another account its roster entry is later linked to', async () => {
    const other = await assignmentWorld(ctx, { teacherName: 'Ms Claim' });
    const first = await other.addStudent();
    expect((await first.client.get(`/api/my-assignments/${first.asid}`)).status).toBe(200);
    const second = await signedIn(ctx, { role: 'student' });
    await ctx.database.db.update(schema.rosterEntry).set({ userId: second.user.id }).where(eq(schema.rosterEntry.id, first.entry.id));
    for (const [path, body] of [
      ['', undefined],
      ['/start', {}],
      ['/messages', { idempotencyKey: key(), text: 'Hi' }],
      ['/icon', undefined],
    ] as const) {
      const res = await second.client.request(body ? 'POST' : 'GET', `/api/my-assignments/${first.asid}${path}`, body);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const list = await second.client.json<MyAssignmentList>('GET', '/api/my-assignments');
    expect(list.body.assignments).toEqual([]);
    const [row] = await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, first.asid));
    expect(row!.studentId).toBe(first.user.id);
  });
});

describe("a teacher on a roster, through the teacher's own AI routes", () => {
  it('cannot send to or retry their assignment conversation: refused, nothing sent', async () => {
    const other = await assignmentWorld(ctx, { teacherName: 'Ms Roster', messageBudget: 1 });
    const teacher = await other.addStudent({ role: 'teacher', name: 'Pat Teacher' });
    expect((await teacher.client.json('POST', `/api/my-assignments/${teacher.asid}/start`)).status).toBe(200);
    await readUIStream(await teacher.client.post(`/api/my-assignments/${teacher.asid}/messages`, { idempotencyKey: key(), text: 'One' }));
    const detail = await teacher.client.json<MyAssignmentDetail>('GET', `/api/my-assignments/${teacher.asid}`);
    const conversationId = detail.body.conversationId!;
    const before = fake.requests.length;
    const send = await teacher.client.post(`/api/conversations/${conversationId}/messages`, {
      idempotencyKey: key(),
      text: 'Past the budget',
    });
    expect(send.status).toBe(404);
    const retry = await teacher.client.post(`/api/conversations/${conversationId}/retry`, { idempotencyKey: key() });
    expect(retry.status).toBe(404);
    expect(fake.requests.length).toBe(before);
    const after = await teacher.client.json<MyAssignmentDetail>('GET', `/api/my-assignments/${teacher.asid}`);
    expect(after.body.messages.map((m) => m.id)).toEqual(detail.body.messages.map((m) => m.id));
    expect(after.body.messagesUsed).toBe(1);
  });
});
