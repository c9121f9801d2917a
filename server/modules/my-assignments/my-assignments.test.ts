import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyAssignment, MyAssignmentDetail, MyAssignmentList } from '../../../contract/assignments';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { revokeSubscription } from '../operator/subscriptions.service';
import { tutorOfRecord } from './my-assignments.store';
import {
  assignmentWorld,
  closeAssignment,
  conversationsOf,
  recordRow,
  removeFromRoster,
  SECRET_INSTRUCTIONS,
  type World,
} from './my-assignments.test-helpers';

// Issue 14, items 3 and 4: a student's assignments, Start, the tutor run through their own record
// (the assignment's bot, the student audience, the teacher's pool, the message budget), "I'm done".

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

let ctx: TestContext;
let fake: FakeGemini;
// A small free allowance: a lapsed teacher's students use it up in a few messages.
useAiTest((t) => ({ ctx, fake } = t), { AI_QUOTA_FREE_TEXT: '2' });

type Student = Awaited<ReturnType<World['addStudent']>>;
const url = (s: Student, rest = '') => `/api/my-assignments/${s.asid}${rest}`;
const start = (s: Student) => s.client.json<MyAssignment>('POST', url(s, '/start'));
const send = async (s: Student, text: string, idempotencyKey = key()) => {
  const res = await s.client.post(url(s, '/messages'), { idempotencyKey, text });
  return { status: res.status, res };
};
const detail = (s: Student) => s.client.json<MyAssignmentDetail>('GET', url(s));

describe('the student list and detail', () => {
  it("lists the caller's records with the tutor's public face only, newest first, and the first open claims the record", async () => {
    const world = await assignmentWorld(ctx);
    const later = await assignmentWorld(ctx, { title: 'Equivalent fractions' });
    const student = await world.addStudent();
    // The same student in another teacher's class, assigned later.
    const [entry] = await ctx.database.db
      .insert(schema.rosterEntry)
      .values({ classId: later.klass.id, email: student.user.email, name: 'Maya Lopez', userId: student.user.id })
      .returning();
    await ctx.database.db
      .insert(schema.studentAssignment)
      .values({ assignmentId: later.assignment.id, email: student.user.email, name: 'Maya Lopez', rosterEntryId: entry!.id });
    await world.addStudent({ name: 'Someone Else' });

    const res = await student.client.request('GET', '/api/my-assignments');
    const raw = await res.text();
    expect(res.status).toBe(200);
    const list = JSON.parse(raw) as MyAssignmentList;
    expect(list.assignments.map((x) => x.title)).toEqual(['Equivalent fractions', 'Adding fractions']);
    const mine = list.assignments[1]!;
    expect(mine).toMatchObject({
      id: student.asid,
      status: 'assigned',
      closed: false,
      late: false,
      teacherName: 'Ms Rivera',
      conversationId: null,
      messageBudget: null,
      messagesUsed: 0,
      instructions: 'Work through three problems with the tutor.',
      bot: {
        id: world.bot.id,
        uid: world.teacher.user.id,
        sid: 'none',
        name: 'Fractions tutor',
        welcomeMessage: 'Hi! Ready for fractions?',
        starterPrompts: [],
      },
    });
    // Never the bot's instructions, its knowledge files, or the teacher's address.
    expect(raw).not.toContain('SECRET-TEACHER-INSTRUCTIONS');
    expect(raw).not.toContain(world.fileName);
    expect(raw).not.toContain(world.teacher.user.email);
    expect(raw).not.toContain(later.teacher.user.email);

    expect((await recordRow(ctx, student.asid)).studentId).toBeNull();
    const opened = await student.client.request('GET', url(student));
    const openedRaw = await opened.text();
    expect(opened.status).toBe(200);
    expect(JSON.parse(openedRaw)).toMatchObject({ id: student.asid, messages: [] });
    expect(openedRaw).not.toContain('SECRET-TEACHER-INSTRUCTIONS');
    expect(openedRaw).not.toContain(world.fileName);
    expect(openedRaw).not.toContain(world.teacher.user.email);
    expect((await recordRow(ctx, student.asid)).studentId).toBe(student.user.id);
  });

  it('shows a teacher on a roster their own records; a teacher name that is an address is not shown', async () => {
    const world = await assignmentWorld(ctx, { teacherName: 'rivera@school.example.org' });
    const teacherStudent = await world.addStudent({ role: 'teacher', name: 'Pat Teacher' });
    const list = await teacherStudent.client.json<MyAssignmentList>('GET', '/api/my-assignments');
    expect(list.body.assignments).toHaveLength(1);
    expect(list.body.assignments[0]!.teacherName).toBe('Your teacher');
    expect(JSON.stringify(list.body)).not.toContain('rivera@');
  });
});

describe('start, send, retry and submit', () => {
  it("starts once under a double submit, streams the tutor's reply built from the assignment's bot, and counts the message", async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    const [a, b] = await Promise.all([start(student), start(student)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.conversationId).toBeTruthy();
    expect(b.body.conversationId).toBe(a.body.conversationId);
    expect(a.body.status).toBe('in_progress');
    expect(await conversationsOf(ctx, student.user.id)).toHaveLength(1);
    const started = await recordRow(ctx, student.asid);
    expect(started.startedAt).not.toBeNull();
    expect(started.conversationId).toBe(a.body.conversationId);

    const { status, res } = await send(student, 'What is 1/2 + 1/4?');
    expect(status).toBe(200);
    const out = await readUIStream(res);
    expect(out.done).toBe(true);
    expect(out.text).toBe(fake.requests[0]!.reply);
    // The bot is the teacher's private TutorBot: the assignment grants it, with its instructions and knowledge.
    const sent = fake.core.everythingSent();
    expect(sent).toContain(SECRET_INSTRUCTIONS);
    expect(sent).toContain('Photosynthesis turns light into sugar.');
    expect(sent).toContain('What is 1/2 + 1/4?');

    const d = await detail(student);
    expect(d.body.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(d.body.messagesUsed).toBe(1);
    const row = await recordRow(ctx, student.asid);
    expect(row.messageCount).toBe(1);
    expect(row.lastActiveAt).not.toBeNull();
    // The teacher's pool pays, the student's account is who used it.
    const [usage] = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, student.user.id));
    expect(usage!.poolOwnerId).toBe(world.teacher.user.id);

    // Retry: the last reply again, not a new message.
    const retried = await student.client.post(url(student, '/retry'), { idempotencyKey: key() });
    expect(retried.status).toBe(200);
    expect((await readUIStream(retried)).done).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect((await recordRow(ctx, student.asid)).messageCount).toBe(1);
  });

  it('refuses a send before Start, and a message over the size limit, with nothing stored', async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    const before = await send(student, 'Hello');
    expect(before.status).toBe(409);
    await start(student);
    const big = await send(student, 'x'.repeat(20_001));
    expect(big.status).toBe(413);
    expect(fake.requests).toHaveLength(0);
    expect((await recordRow(ctx, student.asid)).messageCount).toBe(0);
  });

  it('stops the message after the budget before any model call; a repeated key replays without counting', async () => {
    const world = await assignmentWorld(ctx, { messageBudget: 2 });
    const student = await world.addStudent();
    await start(student);
    await readUIStream((await send(student, 'First question')).res);
    const secondKey = key();
    await readUIStream((await send(student, 'Second question', secondKey)).res);
    expect(fake.requests).toHaveLength(2);

    const third = await send(student, 'Third question');
    expect(third.status).toBe(409);
    const body = (await third.res.json()) as ErrorJson;
    expect(body.error.code).toBe('budget_exhausted');
    expect(body.error.message).toContain('2 messages');
    expect(fake.requests).toHaveLength(2);
    expect(fake.core.everythingSent()).not.toContain('Third question');

    const again = await send(student, 'Second question', secondKey);
    expect(again.status).toBe(200);
    expect((await readUIStream(again.res)).text).toBe(fake.requests[1]!.reply);
    expect(fake.requests).toHaveLength(2);
    const row = await recordRow(ctx, student.asid);
    expect(row.messageCount).toBe(2);
    const d = await detail(student);
    expect(d.body.messages).toHaveLength(4);
    expect(d.body).toMatchObject({ messageBudget: 2, messagesUsed: 2 });
  });

  it('bounds Retry by the budget: two retries of one message, none once the budget is used up; no bound without a budget', async () => {
    const world = await assignmentWorld(ctx, { messageBudget: 3 });
    const student = await world.addStudent();
    await start(student);
    const retry = () => student.client.post(url(student, '/retry'), { idempotencyKey: key() });
    const retried = async () => {
      const res = await retry();
      expect(res.status).toBe(200);
      expect((await readUIStream(res)).done).toBe(true);
    };
    await readUIStream((await send(student, 'First question')).res);
    await retried();
    await retried();
    const third = await retry();
    expect(third.status).toBe(409);
    const refused = ((await third.json()) as ErrorJson).error;
    expect(refused.code).toBe('conflict');
    expect(refused.message).toMatch(/2 times/);
    expect(fake.requests).toHaveLength(3);
    // A new message may be retried again.
    await readUIStream((await send(student, 'Second question')).res);
    await retried();
    await readUIStream((await send(student, 'Third question')).res);
    const spent = await retry();
    expect(spent.status).toBe(409);
    expect(((await spent.json()) as ErrorJson).error.code).toBe('budget_exhausted');
    expect(fake.requests).toHaveLength(6);
    expect((await recordRow(ctx, student.asid)).messageCount).toBe(3);

    const open = await assignmentWorld(ctx);
    const free = await open.addStudent();
    await start(free);
    await readUIStream((await send(free, 'Question')).res);
    for (let i = 0; i < 3; i++) {
      const res = await free.client.post(url(free, '/retry'), { idempotencyKey: key() });
      expect(res.status).toBe(200);
      await readUIStream(res);
    }
    expect(fake.requests).toHaveLength(10);
  });

  it('lets only one of two racing sends take the last message of the budget', async () => {
    const world = await assignmentWorld(ctx, { messageBudget: 1 });
    const student = await world.addStudent();
    await start(student);
    const results = await Promise.all([send(student, 'Racing one'), send(student, 'Racing two')]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    for (const r of results) await r.res.text();
    expect(fake.requests).toHaveLength(1);
    expect((await recordRow(ctx, student.asid)).messageCount).toBe(1);
    expect((await detail(student)).body.messages).toHaveLength(2);
  });

  it('hands in with "I\'m done" (idempotent), and then refuses new messages', async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    await start(student);
    await readUIStream((await send(student, 'Question')).res);
    const done = await student.client.json<MyAssignment>('POST', url(student, '/submit'));
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('submitted');
    const row = await recordRow(ctx, student.asid);
    expect(row.submittedAt).not.toBeNull();
    const again = await student.client.json<MyAssignment>('POST', url(student, '/submit'));
    expect(again.status).toBe(200);
    expect((await recordRow(ctx, student.asid)).submittedAt).toEqual(row.submittedAt);

    const after = await send(student, 'One more thing');
    expect(after.status).toBe(409);
    expect(((await after.res.json()) as ErrorJson).error.message).toMatch(/hand it back/);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps a closed assignment readable but refuses its composer, Start and "I\'m done"', async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    const fresh = await world.addStudent({ name: 'Sam Fresh' });
    await start(student);
    await readUIStream((await send(student, 'Question')).res);
    await closeAssignment(ctx, world.assignment.id);

    const d = await detail(student);
    expect(d.status).toBe(200);
    expect(d.body.closed).toBe(true);
    expect(d.body.messages).toHaveLength(2);
    const refused = await send(student, 'Another');
    expect(refused.status).toBe(409);
    expect(((await refused.res.json()) as ErrorJson).error.message).toMatch(/closed/);
    expect((await start(fresh)).status).toBe(409);
    expect((await student.client.json('POST', url(student, '/submit'))).status).toBe(409);
    expect((await student.client.json('POST', url(student, '/retry'), { idempotencyKey: key() })).status).toBe(409);
    expect(fake.requests).toHaveLength(1);
    expect((await recordRow(ctx, student.asid)).messageCount).toBe(1);
  });

  it('refuses to run a tutor the teacher deleted, calling nothing', async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    await start(student);
    expect((await world.teacher.client.request('DELETE', `/api/bots/${world.bot.id}`)).status).toBeLessThan(300);
    const refused = await send(student, 'Hello?');
    expect(refused.status).toBe(409);
    expect(((await refused.res.json()) as ErrorJson).error.message).toMatch(/no longer available/);
    expect(fake.requests).toHaveLength(0);
    expect((await detail(student)).status).toBe(200);
  });
});

describe("the tutor's instructions and knowledge", () => {
  it("are read only through the caller's own record", async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    const classmate = await world.addStudent({ name: 'Ben Classmate' });
    const db = ctx.database.db;
    const tutor = await tutorOfRecord(db, student.user.id, student.asid);
    expect(tutor?.bot.instructions).toContain(SECRET_INSTRUCTIONS);
    expect(tutor?.knowledge.map((k) => k.text)).toEqual(['Photosynthesis turns light into sugar.']);
    for (const other of [classmate.user.id, world.teacher.user.id]) expect(await tutorOfRecord(db, other, student.asid)).toBeUndefined();
    await removeFromRoster(ctx, student.entry.id);
    expect(await tutorOfRecord(db, student.user.id, student.asid)).toBeUndefined();
  });
});

describe("the teacher's pool and the student's identity", () => {
  it("draws on a lapsed teacher's free pool, then tells the student their teacher's allowance is used up", async () => {
    const world = await assignmentWorld(ctx, { teacherName: 'Ms Rivera' });
    await revokeSubscription(ctx.database.db, { email: world.teacher.user.email }, { kind: 'cli' }, ctx.config);
    const student = await world.addStudent();
    await start(student);
    for (const text of ['One', 'Two']) expect((await readUIStream((await send(student, text)).res)).done).toBe(true);
    const third = await send(student, 'Three');
    expect(third.status).toBe(429);
    const body = (await third.res.json()) as ErrorJson;
    expect(body.error.code).toBe('quota_exceeded');
    expect(body.error.message).toContain("Your teacher Ms Rivera's AI allowance for this month is used up");
    expect(body.error.fields?.resetsAt).toBeTruthy();
    expect(body.error.fields?.upgrade).toBe('');
    expect(fake.requests).toHaveLength(2);
    // Refused for the quota: not counted against the budget, nothing stored.
    expect((await recordRow(ctx, student.asid)).messageCount).toBe(2);
    expect((await detail(student)).body.messages).toHaveLength(4);
    const [pool] = await ctx.database.db.select().from(schema.aiQuotaUse).where(eq(schema.aiQuotaUse.poolOwnerId, world.teacher.user.id));
    expect(pool!.used).toBe(2);
  });

  it("never sends the student's roster or account name or address, even typed or echoed in history; a blocked message is flagged to the teacher", async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent({ name: 'Maya Lopez', accountName: 'Quinn Okafor', email: 'maya.lopez@pupils.example.org' });
    await start(student);
    fake.core.set({ reply: 'Nice to meet you, Maya Lopez! And hello Quinn.' });
    await readUIStream((await send(student, "Hi, I'm Maya Lopez, but my friends call me Quinn Okafor.")).res);
    fake.core.set({ reply: undefined });
    // An address typed by the student is answered by the safety check, without a model call.
    const blocked = await readUIStream((await send(student, 'Write to me at maya.lopez@pupils.example.org')).res);
    expect(blocked.text).toMatch(/private/);
    expect(fake.requests).toHaveLength(1);
    await readUIStream((await send(student, 'Maya has a question: what is 3/4 - 1/4?')).res);
    expect(fake.requests).toHaveLength(2);

    const sent = fake.core.everythingSent();
    expect(sent).toContain('what is 3/4 - 1/4?');
    expect(sent).toContain('[Student]');
    expect(sent).not.toMatch(/maya/i);
    expect(sent).not.toMatch(/lopez/i);
    expect(sent).not.toMatch(/quinn/i);
    expect(sent).not.toMatch(/okafor/i);
    expect(sent).not.toContain('pupils.example.org');
    // The history of the second call held the first turn and its reply, redacted.
    expect(fake.requests[1]!.raw).toContain('Nice to meet you, [Student]!');

    const flags = await ctx.database.db.select().from(schema.safetyFlag).where(eq(schema.safetyFlag.studentId, student.user.id));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ teacherId: world.teacher.user.id, category: 'personal_data', source: 'input' });
    // The blocked message is a student message: it counts.
    expect((await recordRow(ctx, student.asid)).messageCount).toBe(3);
  });
});
