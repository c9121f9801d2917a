import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAssignmentDetail, MyAssignmentList } from '../../../contract/assignments';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream, startAiTest } from '../../../tests/fakes/ai-helpers';
import { makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { storeBufferAsFile } from '../files/files.service';
import { resolveSubscription } from '../subscription/subscription.service';
import { assignmentWorld } from './my-assignments.test-helpers';

// Issue 14, item 4 and its tests: a student reaches only their own record. Another student of the
// same class, a student of another teacher, a teacher of another school and a free teacher get the
// same 404 as an unknown id on every route; a signed-out caller gets 401; the owner gets 200.

// A 1x1 PNG, as the files tests use.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd8ad10000000049454e44ae426082',
  'hex',
);

let ctx: TestContext;
let fake: FakeGemini;
let owner: TestClient;
let asid: string;
let replyId: string;
let refused: Record<string, TestClient>;
let signedOut: TestClient;

beforeAll(async () => {
  ({ ctx, fake } = await startAiTest());
  const world = await assignmentWorld(ctx);
  // The tutor has an uploaded icon, which the student's record grants them (the bot is private).
  const subscription = await resolveSubscription(ctx.database.db, { user: world.teacher.user, supportEmail: SUPPORT_EMAIL });
  const icon = await storeBufferAsFile({ db: ctx.database.db, config: ctx.config }, subscription, {
    ownerId: world.teacher.user.id,
    data: PNG,
    name: 'Ms Rivera class photo.png',
    declaredType: 'image/png',
    purpose: 'icon',
  });
  await ctx.database.db.update(schema.bot).set({ iconFileId: icon.id }).where(eq(schema.bot.id, world.bot.id));
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
  };
  signedOut = new TestClient(ctx);
  await readUIStream(await owner.post(`/api/my-assignments/${asid}/messages`, { idempotencyKey: key(), text: 'Hello tutor' }));
  const detail = await owner.json<MyAssignmentDetail>('GET', `/api/my-assignments/${asid}`);
  replyId = detail.body.messages.find((m) => m.role === 'assistant')!.id;
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
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
