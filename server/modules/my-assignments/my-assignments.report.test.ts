import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MyAssignmentDetail } from '../../../contract/assignments';
import type { FlagDetail, FlagList } from '../../../contract/flags';
import { schema } from '../../db/client';
import { signedIn, TestClient, createTestContext, type TestContext } from '../../../tests/harness';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { liveEventsDuring } from '../assignments/assignments.test-helpers';
import { flagOn, flagWorld, turnsOf } from '../flags/flags.test-helpers';
import { assign, classWith, converse, ownTutor } from '../assignments/assignments.test-helpers';
import { makeSchool, teacherAt } from '../bots/bots.test-helpers';

// Issue 18, item 5: "Report this answer" on the student tutor page. The report goes to the
// assigning teacher as a flag (never to support); only a reply of the student's own conversation
// of that record may be reported; a double submit makes one flag.

let ctx: TestContext;

const key = () => `report-${randomUUID()}`;
const url = (asid: string) => `/api/my-assignments/${asid}/report`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A world of its own (school, teacher, two students with a conversation each) and the ids of its turns. */
async function reportWorld() {
  const world = await flagWorld(ctx, ['What is 1/2 + 1/4?', 'It is 2/6.'], `-${randomUUID().slice(0, 8)}`);
  const ada = await turnsOf(ctx, world.ada.conversationId);
  return {
    world,
    adaQuestion: ada.find((t) => t.role === 'user')!.id,
    adaReply: ada.find((t) => t.role === 'assistant')!.id,
    beaReply: (await turnsOf(ctx, world.bea.conversationId)).find((t) => t.role === 'assistant')!.id,
  };
}
type ReportWorld = Awaited<ReturnType<typeof reportWorld>>;

const studentFlags = (recordId: string) =>
  ctx.database.db
    .select()
    .from(schema.safetyFlag)
    .where(and(eq(schema.safetyFlag.studentAssignmentId, recordId), eq(schema.safetyFlag.detectedBy, 'student')));

describe('POST /api/my-assignments/:asid/report: who may report', () => {
  // Each test here is refused and checks that nothing was stored, so they can share one world.
  let world: ReportWorld['world'];
  let adaReply: string;
  let adaQuestion: string;
  let beaReply: string;
  beforeAll(async () => {
    ({ world, adaReply, adaQuestion, beaReply } = await reportWorld());
  });
  const body = () => ({ messageId: adaReply, reason: 'wrong', idempotencyKey: key() });

  it('refuses a signed-out caller (401) and a teacher (403), whoever they are, and stores nothing', async () => {
    expect((await new TestClient(ctx).post(url(world.ada.recordId), body())).status).toBe(401);
    const callers = {
      'the assigning teacher': world.teacher.client,
      'a free teacher': (await signedIn(ctx, { role: 'teacher' })).client,
      'a premium teacher': (await premiumTeacher(ctx)).client,
      'an admin of another school': (await teacherAt(ctx, await makeSchool(ctx))).client,
      "the admin of the teacher's school": world.admin,
    };
    for (const [who, client] of Object.entries(callers)) {
      const res = await client.json<{ error: { code: string } }>('POST', url(world.ada.recordId), body());
      expect(res.status, who).toBe(403);
      expect(res.body.error.code, who).toBe('forbidden');
    }
    expect(await studentFlags(world.ada.recordId)).toHaveLength(0);
  });

  it("takes a report from a school's student whose account says teacher (the resolved user type decides, as every student rule does)", async () => {
    // Signed up as a teacher on the school's domain, but not on its teachers list: the school's student.
    const email = `kid-${randomUUID().slice(0, 8)}@${world.school.domain}`;
    const kid = await signedIn(ctx, { role: 'teacher', email });
    const botId = await ownTutor(world.teacher.client);
    const k = await classWith(world.teacher.client, 'Period 5', [[email, 'Kid']]);
    const assignment = await assign(world.teacher.client, { botId, title: 'Decimals', classIds: [k.id] });
    const recordId = assignment.students.find((st) => st.email === email)!.id;
    const conversationId = await converse(ctx, recordId, kid.user.id, ['Is 0.5 half?', 'No.']);
    const reply = (await turnsOf(ctx, conversationId)).find((t) => t.role === 'assistant')!.id;
    const res = await kid.client.json('POST', url(recordId), { messageId: reply, reason: 'wrong', idempotencyKey: key() });
    expect(res.status).toBe(200);
    expect(await studentFlags(recordId)).toHaveLength(1);
  });

  it("answers 404 for another student's record, even with that record's own reply", async () => {
    const res = await world.bea.client.json<{ error: { code: string } }>('POST', url(world.ada.recordId), body());
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const stranger = await signedIn(ctx, { role: 'student' });
    expect((await stranger.client.post(url(world.ada.recordId), body())).status).toBe(404);
    expect((await world.ada.client.post(url('not-a-uuid'), body())).status).toBe(404);
    expect(await studentFlags(world.ada.recordId)).toHaveLength(0);
  });

  it("answers 404 for a reply of another record's conversation, and for the student's own message", async () => {
    const other = await world.ada.client.json('POST', url(world.ada.recordId), { ...body(), messageId: beaReply });
    expect(other.status).toBe(404);
    const ownQuestion = await world.ada.client.json('POST', url(world.ada.recordId), { ...body(), messageId: adaQuestion });
    expect(ownQuestion.status).toBe(404);
    const unknown = await world.ada.client.json('POST', url(world.ada.recordId), { ...body(), messageId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(await studentFlags(world.ada.recordId)).toHaveLength(0);
    expect(await studentFlags(world.bea.recordId)).toHaveLength(0);
  });

  it('refuses bad input (422, the project’s validation status) and stores nothing', async () => {
    const bad = [
      { ...body(), reason: 'boring' },
      { ...body(), messageId: 'nope' },
      { ...body(), note: 'x'.repeat(501) },
      { ...body(), idempotencyKey: 'short' },
      { ...body(), extra: true },
      { messageId: adaReply, reason: 'wrong' },
    ];
    for (const input of bad) {
      const res = await world.ada.client.json<{ error: { code: string } }>('POST', url(world.ada.recordId), input);
      expect(res.status, JSON.stringify(input).slice(0, 60)).toBe(422);
    }
    expect(await studentFlags(world.ada.recordId)).toHaveLength(0);
  });
});

/** The note a student adds to a wrong-answer report (stored trimmed, in the flag's reason). */
const wrongAnswerNote = '  1/2 + 1/4 is 3/4, not 2/6  ';

describe('a student report', () => {
  // Each test reports, so each has a world of its own.
  let world: ReportWorld['world'];
  let adaReply: string;
  let beaReply: string;
  beforeEach(async () => {
    ({ world, adaReply, beaReply } = await reportWorld());
  });

  it("makes one flag per double submit, tells the teacher's live stream, and reads as reported", async () => {
    const input = { messageId: adaReply, reason: 'wrong', note: wrongAnswerNote, idempotencyKey: key() };
    let answers: { status: number; body: { sent: string; at: string } }[] = [];
    const events = await liveEventsDuring(ctx, async () => {
      answers = await Promise.all([
        world.ada.client.json<{ sent: string; at: string }>('POST', url(world.ada.recordId), input),
        world.ada.client.json<{ sent: string; at: string }>('POST', url(world.ada.recordId), input),
      ]);
    });
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.sent).sort()).toEqual(['before', 'now']);
    expect(events.some((e) => e.teacherId === world.teacher.user.id && e.event.type === 'flags')).toBe(true);
    // A second report of the same reply later (another key, another reason) answers the first.
    const again = await world.ada.client.json<{ sent: string }>('POST', url(world.ada.recordId), {
      ...input,
      reason: 'other',
      idempotencyKey: key(),
    });
    expect(again.body.sent).toBe('before');

    const flags = await studentFlags(world.ada.recordId);
    expect(flags).toHaveLength(1);
    const [flag] = flags;
    expect(flag).toMatchObject({
      category: 'reported',
      severity: 'low',
      source: 'output',
      detectedBy: 'student',
      messageId: adaReply,
      studentId: world.ada.user.id,
      teacherId: world.teacher.user.id,
      reason: 'The answer is wrong: “1/2 + 1/4 is 3/4, not 2/6”',
    });
  });

  it('is in the assigning teacher’s flags, with the student’s words and the reply in context', async () => {
    const input = { messageId: adaReply, reason: 'wrong', note: wrongAnswerNote, idempotencyKey: key() };
    expect((await world.ada.client.json('POST', url(world.ada.recordId), input)).status).toBe(200);
    const [reported] = await studentFlags(world.ada.recordId);
    const flagId = reported!.id;
    const inbox = await world.teacher.client.json<FlagList>('GET', '/api/flags');
    const listed = inbox.body.flags.find((f) => f.id === flagId);
    expect(listed).toMatchObject({ category: 'reported', detectedBy: 'student', source: 'output', recordId: world.ada.recordId });
    const detail = await world.teacher.client.json<FlagDetail>('GET', `/api/flags/${flagId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.reason).toContain('1/2 + 1/4 is 3/4');
    expect(detail.body.context.find((t) => t.flagged)).toMatchObject({ id: adaReply, role: 'assistant', text: 'It is 2/6.' });
    // Not a self-harm flag: the school's admin does not get it, and no e-mail went out.
    expect((await world.admin.json('GET', `/api/flags/${flagId}`)).status).toBe(404);
  });

  it('marks a reply that made the student uncomfortable medium; a self-harm note becomes a self-harm alert', async () => {
    const bea = world.bea;
    const before = ctx.mails().length;
    const res = await bea.client.json<{ sent: string }>('POST', url(bea.recordId), {
      messageId: beaReply,
      reason: 'uncomfortable',
      note: 'it made me want to kill myself',
      idempotencyKey: key(),
    });
    expect(res.status).toBe(200);
    const [flag] = await studentFlags(bea.recordId);
    expect(flag).toMatchObject({ category: 'self_harm', severity: 'high', detectedBy: 'student' });
    // The usual self-harm alert: e-mailed (after the answer), naming no student and quoting nothing.
    await expect.poll(() => ctx.mails().length, { timeout: 3000 }).toBeGreaterThan(before);
    const sent = ctx.mails().slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) expect(`${mail.subject}\n${mail.body}`).not.toContain('kill myself');
  });
});

describe("the student's page marks their earlier reports (GET /api/my-assignments/:asid)", () => {
  let world: ReportWorld['world'];
  let adaReply: string;
  let adaQuestion: string;
  beforeEach(async () => {
    ({ world, adaReply, adaQuestion } = await reportWorld());
  });
  const detailOf = (client: TestClient, asid: string) => client.json<MyAssignmentDetail>('GET', `/api/my-assignments/${asid}`);

  it("lists the replies the student reported, never the checks' flags, and to nobody else", async () => {
    const input = { messageId: adaReply, reason: 'wrong', idempotencyKey: key() };
    expect((await world.ada.client.json('POST', url(world.ada.recordId), input)).status).toBe(200);
    // A flag the moderation pass made on the same conversation: not the student's to know.
    await flagOn(ctx, world.teacher, world.ada, { messageId: adaQuestion, category: 'bullying', detectedBy: 'moderation' });

    const mine = await detailOf(world.ada.client, world.ada.recordId);
    expect(mine.status).toBe(200);
    expect(mine.body.reportedMessageIds).toEqual([adaReply]);
    expect((await detailOf(world.bea.client, world.bea.recordId)).body.reportedMessageIds).not.toContain(adaReply);

    // Nobody else reads the record: another student, a stranger, the teacher, the school's admin, nobody signed in.
    for (const [who, client] of Object.entries({
      'another student': world.bea.client,
      'a stranger': (await signedIn(ctx, { role: 'student' })).client,
      'the assigning teacher': world.teacher.client,
      "the school's admin": world.admin,
    })) {
      expect((await detailOf(client, world.ada.recordId)).status, who).toBe(404);
    }
    expect((await new TestClient(ctx).get(`/api/my-assignments/${world.ada.recordId}`)).status).toBe(401);
  });
});
