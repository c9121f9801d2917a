import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MyAssignment, MyAssignmentDetail } from '../../../contract/assignments';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { passVerdict, type FakeModerationFailure } from '../../../tests/fakes/fake-llm';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { heldReplyText, safeReply } from '../../ai/safety';
import { recheckHeldTurns, startHeldRechecks } from '../safety/safety.recheck';
import { assignmentWorld, recordRow, removeFromRoster, type World } from './my-assignments.test-helpers';
import { makeSchool } from '../bots/bots.test-helpers';

// Issue 16 item 2: the two-tier safety check on a student's assignment turns. Tier (a) the instant
// word check (with obscenity's filter), tier (b) the moderation pass by the configured model (the
// fake answers it from its own script), held turns and their re-check.

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t), { AI_QUOTA_FREE_TEXT: '2', AI_MODERATION_TIMEOUT_MS: '400' });

type Student = Awaited<ReturnType<World['addStudent']>>;
const url = (s: Student, rest = '') => `/api/my-assignments/${s.asid}${rest}`;
const send = async (s: Student, text: string) => s.client.post(url(s, '/messages'), { idempotencyKey: key(), text });
const detail = async (s: Student) => (await s.client.json<MyAssignmentDetail>('GET', url(s))).body;

const EMAIL = 'maya.lopez.safety@pupils.example.org';

async function startedStudent(options: { premium?: boolean; email?: string } = {}) {
  const world = await assignmentWorld(ctx, { premium: options.premium });
  const student = await world.addStudent({ name: 'Maya Lopez', email: options.email ?? `m${key().slice(2, 12)}@pupils.example.org` });
  const started = await student.client.json<MyAssignment>('POST', url(student, '/start'));
  expect(started.status).toBe(200);
  return { world, student };
}

const flagsOf = (asid: string) => ctx.database.db.select().from(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, asid));

const usageOf = (userId: string, kind: 'text' | 'moderation') =>
  ctx.database.db
    .select()
    .from(schema.aiUsage)
    .where(and(eq(schema.aiUsage.userId, userId), eq(schema.aiUsage.kind, kind)));

/** Waits until the record's last reply is no longer streaming (a released turn is answered in the background). */
function settled(s: Student): Promise<MyAssignmentDetail> {
  return vi.waitFor(
    async () => {
      const d = await detail(s);
      if (d.messages.at(-1)?.status === 'streaming') throw new Error('the reply never ended: the last message still streams after 25 s');
      return d;
    },
    { timeout: 25_000, interval: 50 },
  );
}

const finishOf = (chunks: Record<string, unknown>[]) =>
  chunks.find((c) => c.type === 'finish') as { messageMetadata: Record<string, unknown> };

/**
 * The message's check runs beside the tutor's first call: a refused message aborts that call, and
 * nothing the tutor wrote (the fake's replies begin "Reply N:") reaches the student.
 */
function noTutorText(out: { chunks: Record<string, unknown>[] }) {
  expect(fake.requests.length).toBeLessThanOrEqual(1);
  const deltas = out.chunks.filter((c) => c.type === 'text-delta').map((c) => String(c.delta));
  expect(deltas.join('')).not.toMatch(/Reply \d+:/);
}

describe('the moderation pass on a student message', () => {
  it('catches what the word list misses: a safe reply with help resources, a flag on the record, and the tutor call stopped', async () => {
    const { world, student } = await startedStudent({ email: EMAIL });
    // Words the instant check leaves to the moderation pass: they are as often about homework.
    fake.core.set({
      moderation: (text) =>
        text.includes("can't do this anymore")
          ? { category: 'self_harm', severity: 'high', reason: 'The student may want to die.' }
          : passVerdict,
    });
    const res = await send(student, "Maya Lopez here. Maya says: I can't do this anymore.");
    expect(res.status).toBe(200);
    const out = await readUIStream(res);
    expect(out.text).toContain('988');
    expect(out.text).toContain('741741');
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'blocked', safety: 'self_harm' });
    noTutorText(out);
    // The message's check, and at most the reply's first check beside it.
    expect(fake.core.moderationRequests.filter((r) => r.raw.includes('A student message to the tutor'))).toHaveLength(1);

    const d = await detail(student);
    expect(d.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'blocked'],
    ]);
    expect(d.messages[1]).toMatchObject({ text: safeReply('self_harm'), safety: 'self_harm' });
    const [flag, ...others] = await flagsOf(student.asid);
    expect(others).toHaveLength(0);
    expect(flag).toMatchObject({
      studentAssignmentId: student.asid,
      messageId: d.messages[0]!.id,
      studentId: student.user.id,
      teacherId: world.teacher.user.id,
      category: 'self_harm',
      severity: 'high',
      reason: 'The student may want to die.',
      source: 'input',
      detectedBy: 'moderation',
    });

    // Redacted as the tutor's prompt is: the moderation request never carries the names or the address.
    const sent = fake.core.everythingSent();
    expect(sent).toContain('anymore');
    expect(sent).not.toMatch(/maya|lopez/i);
    expect(sent).not.toContain(EMAIL);
    expect(sent).not.toContain('pupils.example.org');

    // Metered as its own kind, to the teacher's pool; the tutor call that was stopped left no count.
    const moderation = await usageOf(student.user.id, 'moderation');
    expect(moderation).toHaveLength(fake.core.moderationRequests.length);
    expect(moderation[0]).toMatchObject({ poolOwnerId: world.teacher.user.id });
    expect(await usageOf(student.user.id, 'text')).toHaveLength(0);
    const counted = await ctx.database.db.select().from(schema.aiQuotaUse).where(eq(schema.aiQuotaUse.poolOwnerId, world.teacher.user.id));
    expect(counted.reduce((n, r) => n + r.used, 0)).toBe(0);
  });

  it('a low verdict lets the message through to the tutor and leaves a low flag', async () => {
    const { student } = await startedStudent();
    fake.core.set({
      moderation: (text) =>
        text.includes('annoying') ? { category: 'bullying', severity: 'low', reason: 'Mild unkindness.' } : passVerdict,
    });
    const out = await readUIStream(await send(student, 'My brother is annoying, can you help with fractions?'));
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'complete' });
    expect(fake.requests).toHaveLength(1);
    const [flag] = await flagsOf(student.asid);
    expect(flag).toMatchObject({ category: 'bullying', severity: 'low', detectedBy: 'moderation', source: 'input' });
  });

  it('catches slurs and evasions with the instant check alone: no moderation call, no tutor call', async () => {
    const { student } = await startedStudent();
    for (const text of ['ur a n1gg3r', 'f u c k you', 'you are such a r3tard']) {
      const out = await readUIStream(await send(student, text));
      expect(out.text).toBe(safeReply('bullying'));
    }
    expect(fake.core.moderationRequests).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);
    const flags = await flagsOf(student.asid);
    expect(flags).toHaveLength(3);
    expect(flags.every((f) => f.detectedBy === 'words' && f.category === 'bullying')).toBe(true);
  });

  it('answers a self-harm phrase the instant check knows with the help resources even when the moderation provider is down', async () => {
    const { student } = await startedStudent();
    fake.core.set({ moderation: () => 'fail' });
    const out = await readUIStream(await send(student, 'i dont want to be here anymore'));
    expect(out.text).toBe(safeReply('self_harm'));
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'blocked', safety: 'self_harm' });
    // Not held: the instant check decided before any moderation call, so the provider's state does not matter.
    expect(fake.core.moderationRequests).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);
    const d = await detail(student);
    expect(d.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'blocked'],
    ]);
    expect(d.messages[1]).toMatchObject({ text: safeReply('self_harm'), safety: 'self_harm' });
    const [flag, ...others] = await flagsOf(student.asid);
    expect(others).toHaveLength(0);
    expect(flag).toMatchObject({ category: 'self_harm', severity: 'high', detectedBy: 'words', source: 'input' });
    expect(await recheckHeldTurns(ctx)).toMatchObject({ claimed: 0 });
  });

  const failures: [string, FakeModerationFailure[]][] = [
    [
      '503 (twice: the one quick retry fails too)',
      [
        { kind: 'status', status: 503 },
        { kind: 'status', status: 503 },
      ],
    ],
    ['an answer that is not the JSON verdict', [{ kind: 'bad-json' }]],
    ['no answer before AI_MODERATION_TIMEOUT_MS', [{ kind: 'hang' }]],
  ];
  for (const [what, queue] of failures) {
    it(`holds the message when the check fails (${what}), then a re-check lets the tutor answer it`, async () => {
      const { student } = await startedStudent();
      fake.core.failMessageCheckNext(...queue);
      const res = await send(student, 'What is a half plus a quarter?');
      expect(res.status).toBe(200);
      const out = await readUIStream(res);
      expect(out.text).toBe(heldReplyText);
      expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'held' });
      noTutorText(out);
      const calls = fake.requests.length;

      const held = await detail(student);
      expect(held.messages.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'held'],
      ]);
      expect(held.messages[1]!.text).toBe(heldReplyText);
      const [row] = await ctx.database.db.select().from(schema.aiMessage).where(eq(schema.aiMessage.id, held.messages[1]!.id));
      expect(row!.errorCode).toBe('held_input');
      // No quota was used by a message that has not reached the tutor.
      expect(await usageOf(student.user.id, 'text')).toHaveLength(0);

      // Nothing more is sent until it is checked.
      const next = await send(student, 'Hello?');
      expect(next.status).toBe(409);
      expect(((await next.json()) as { error: { message: string } }).error.message).toBe(
        'One moment: your last message is still being checked.',
      );

      // The fake recovers: one round releases it, and the tutor answers the held message.
      const round = await recheckHeldTurns(ctx);
      expect(round).toMatchObject({ released: 1 });
      const after = await settled(student);
      expect(after.messages.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete'],
      ]);
      expect(fake.requests).toHaveLength(calls + 1);
      expect(after.messages[1]!.text).toBe(fake.requests.at(-1)!.reply);
      expect(fake.requests.at(-1)!.raw).toContain('a half plus a quarter');
      expect((await usageOf(student.user.id, 'text'))[0]).toMatchObject({ outcome: 'ok' });
    });
  }

  it('a re-check that flags a held message answers it with the safe reply and a flag', async () => {
    const { student } = await startedStudent();
    fake.core.set({ moderation: () => 'fail' });
    noTutorText(await readUIStream(await send(student, "everything feels heavy and I'm tired all the time")));
    const calls = fake.requests.length;
    expect(await recheckHeldTurns(ctx)).toMatchObject({ stillHeld: 1 });
    fake.core.set({ moderation: () => ({ category: 'self_harm', severity: 'medium', reason: 'Hopelessness.' }) });
    expect(await recheckHeldTurns(ctx)).toMatchObject({ blocked: 1 });
    const d = await detail(student);
    expect(d.messages[1]).toMatchObject({ status: 'blocked', text: safeReply('self_harm'), safety: 'self_harm' });
    expect(fake.requests).toHaveLength(calls);
    const [flag] = await flagsOf(student.asid);
    expect(flag).toMatchObject({ category: 'self_harm', severity: 'medium', detectedBy: 'moderation', source: 'input' });
  });
});

describe('Retry after a turn that never got its verdict', () => {
  // The send's hold could not even be stored (the database failed), so the sweep interrupted the
  // reply and no moderation verdict exists for the message: a Retry checks the message first.
  async function interruptedUnchecked(student: Student, text: string) {
    await readUIStream(await send(student, text));
    const d = await detail(student);
    const [userTurn, reply] = d.messages;
    await ctx.database.db.delete(schema.aiUsage).where(eq(schema.aiUsage.messageId, userTurn!.id));
    await ctx.database.db.update(schema.aiMessage).set({ status: 'interrupted', text: '' }).where(eq(schema.aiMessage.id, reply!.id));
    fake.core.reset();
    return userTurn!;
  }

  it('checks the message before the tutor sees it, and answers a flagged one with the safe reply', async () => {
    const { student } = await startedStudent();
    const userTurn = await interruptedUnchecked(student, 'i gave away my favourite things today');
    fake.core.set({
      moderation: (text) =>
        text.includes('gave away') ? { category: 'self_harm', severity: 'high', reason: 'Giving things away.' } : passVerdict,
    });
    const out = await readUIStream(await student.client.post(url(student, '/retry'), { idempotencyKey: key() }));
    expect(out.text).toBe(safeReply('self_harm'));
    noTutorText(out);
    expect(fake.core.moderationRequests.filter((r) => r.raw.includes('gave away'))).toHaveLength(1);
    const flags = await flagsOf(student.asid);
    expect(flags).toEqual([expect.objectContaining({ messageId: userTurn.id, category: 'self_harm', source: 'input' })]);
  });

  it('does not check again a message that has its verdict: only the new reply is checked', async () => {
    const { student } = await startedStudent();
    await readUIStream(await send(student, 'What is two thirds of nine?'));
    fake.core.reset();
    const out = await readUIStream(await student.client.post(url(student, '/retry'), { idempotencyKey: key() }));
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'complete' });
    expect(fake.requests).toHaveLength(1);
    // Only the tutor's new reply is checked; the message's own verdict stands.
    expect(fake.core.moderationRequests.length).toBeGreaterThan(0);
    for (const r of fake.core.moderationRequests) expect(r.raw).not.toContain('two thirds of nine');
  });
});

describe('the re-check of held turns', () => {
  async function heldStudent() {
    const made = await startedStudent();
    fake.core.failMessageCheckNext({ kind: 'bad-json' });
    const out = await readUIStream(await send(made.student, 'What is a third of nine?'));
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'held' });
    noTutorText(out);
    // The tutor call started beside the check (and stopped) is not counted below.
    fake.core.requests = [];
    return made;
  }

  it('runs on its own every AI_MODERATION_RECHECK_MS once started, and stops', async () => {
    const { student } = await heldStudent();
    const deps = {
      ...ctx,
      config: { ...ctx.config, ai: { ...ctx.config.ai, moderation: { ...ctx.config.ai.moderation, timeoutMs: 400, recheckMs: 100 } } },
    };
    const stop = startHeldRechecks(deps);
    try {
      await expect.poll(async () => (await detail(student)).messages[1]?.status, { timeout: 10_000, interval: 100 }).toBe('complete');
    } finally {
      stop();
    }
    expect(fake.requests).toHaveLength(1);
  });

  it('two rounds at once answer a held message once', async () => {
    const { student } = await heldStudent();
    const rounds = await Promise.all([recheckHeldTurns(ctx), recheckHeldTurns(ctx)]);
    expect(rounds.reduce((n, r) => n + r.released, 0)).toBe(1);
    expect((await settled(student)).messages[1]).toMatchObject({ status: 'complete' });
    expect(fake.requests).toHaveLength(1);
  });

  it('ends a held turn whose record is gone (the student taken off the roster) as failed, with no tutor call', async () => {
    const { student } = await heldStudent();
    await removeFromRoster(ctx, student.entry.id);
    expect(await recheckHeldTurns(ctx)).toMatchObject({ failed: 1 });
    const [row] = await ctx.database.db
      .select()
      .from(schema.aiMessage)
      .where(
        and(
          eq(schema.aiMessage.role, 'assistant'),
          eq(schema.aiMessage.conversationId, (await recordRow(ctx, student.asid)).conversationId!),
        ),
      );
    expect(row).toMatchObject({ status: 'failed', errorCode: 'held_record_gone' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the moderation pass on a tutor reply', () => {
  it('replaces a reply the pass flags with the safe reply, and flags the reply', async () => {
    const { student } = await startedStudent();
    fake.core.set({
      reply: 'Here is how to hurt someone badly.',
      moderation: (text) =>
        text.startsWith('Here is how') ? { category: 'violence', severity: 'high', reason: 'Violent instructions.' } : passVerdict,
    });
    const out = await readUIStream(await send(student, 'Tell me a story'));
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'blocked' });
    // The streamed text is withdrawn at the end: the safe reply follows it as the reply's text.
    expect(out.chunks.filter((c) => c.type === 'text-delta').at(-1)).toMatchObject({ delta: safeReply('violence') });
    const d = await detail(student);
    expect(d.messages[1]).toMatchObject({ status: 'blocked', text: safeReply('violence') });
    const [flag] = await flagsOf(student.asid);
    expect(flag).toMatchObject({
      category: 'violence',
      severity: 'high',
      source: 'output',
      detectedBy: 'moderation',
      messageId: d.messages[1]!.id,
    });
  });

  it('holds a reply whose check fails, never shows its text, and releases it after a passing re-check', async () => {
    const { student } = await startedStudent();
    let failing = true;
    fake.core.set({
      reply: 'Halves and quarters: two quarters make a half.',
      moderation: (text) => (failing && text.startsWith('Halves') ? 'fail' : passVerdict),
    });
    const out = await readUIStream(await send(student, 'Explain quarters'));
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'held' });
    expect(out.chunks.filter((c) => c.type === 'text-delta').at(-1)).toMatchObject({ delta: heldReplyText });
    const res = await student.client.request('GET', url(student));
    const raw = await res.text();
    expect(raw).not.toContain('two quarters make a half');
    expect((JSON.parse(raw) as MyAssignmentDetail).messages[1]).toMatchObject({ status: 'held', text: heldReplyText });
    // The held reply is never shown to the model either: the next send is refused until it is checked.
    expect((await send(student, 'And thirds?')).status).toBe(409);

    failing = false;
    expect(await recheckHeldTurns(ctx)).toMatchObject({ released: 1 });
    const d = await detail(student);
    expect(d.messages[1]).toMatchObject({ status: 'complete', text: 'Halves and quarters: two quarters make a half.' });
    expect(fake.requests).toHaveLength(1);
    const next = await send(student, 'And thirds?');
    expect(next.status).toBe(200);
    expect(finishOf((await readUIStream(next)).chunks).messageMetadata).toMatchObject({ status: 'complete' });
  });
});

describe("a teacher's TutorBot preview", () => {
  it('keeps the instant check only: no moderation call and no flag', async () => {
    const { world } = await startedStudent();
    const { client } = world.teacher;
    const run = await client.json<{ id: string }>('POST', `/api/bots/${world.bot.id}/runs`);
    expect(run.status).toBe(201);
    const post = (text: string) => client.post(`/api/conversations/${run.body.id}/messages`, { idempotencyKey: key(), text });
    const blocked = await readUIStream(await post('I want to die'));
    expect(blocked.text).toBe(safeReply('self_harm'));
    const normal = await readUIStream(await post("I can't do this anymore"));
    expect(finishOf(normal.chunks).messageMetadata).toMatchObject({ status: 'complete' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.core.moderationRequests).toHaveLength(0);
    const flags = await ctx.database.db.select().from(schema.safetyFlag).where(eq(schema.safetyFlag.conversationId, run.body.id));
    expect(flags).toHaveLength(0);
  });
});

describe('moderation and the quota', () => {
  it("is metered as 'moderation', never counted in the teacher's quota, and not made once the quota is used up", async () => {
    // A lapsed teacher: the free allowance of 2 generations.
    const { world, student } = await startedStudent({ premium: false });
    for (const text of ['One?', 'Two?']) {
      const res = await send(student, text);
      expect(res.status).toBe(200);
      await readUIStream(res);
    }
    // Each send: the message's check and at least one of its reply.
    const checks = fake.core.moderationRequests.length;
    expect(checks).toBeGreaterThanOrEqual(4);
    const refused = await send(student, 'Three?');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('quota_exceeded');
    // The quota refused first: no moderation call for a message that will not be answered.
    expect(fake.core.moderationRequests).toHaveLength(checks);
    expect(await usageOf(student.user.id, 'moderation')).toHaveLength(checks);
    const counted = await ctx.database.db.select().from(schema.aiQuotaUse).where(eq(schema.aiQuotaUse.poolOwnerId, world.teacher.user.id));
    expect(counted).toEqual([expect.objectContaining({ kind: 'text', used: 2 })]);
  });
});

// Issue 39 item 9: the crisis lines in the safe reply and on the student's page are the school's,
// else the installation's for the student's language, else the built-in US lines.
describe('the crisis lines a student is given', () => {
  const mexico = {
    country: 'MX',
    emergency: '911',
    lines: [{ name: 'Línea de la Vida', call: '800 911 2000' }],
  };
  const canada = { country: 'CA', emergency: '911', lines: [{ name: 'Kids Help Phone', call: '1-800-668-6868', sms: '686868' }] };

  async function studentAtSchool(schoolLines: typeof mexico | null) {
    const school = await makeSchool(ctx);
    const teacherEmail = `t${key().slice(2, 10)}@${school.domain}`;
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email: teacherEmail });
    await ctx.database.db.update(schema.schoolLicence).set({ crisisLines: schoolLines }).where(eq(schema.schoolLicence.id, school.id));
    const world = await assignmentWorld(ctx, { teacherEmail });
    const student = await world.addStudent({ name: 'Maya Lopez' });
    expect((await student.client.json<MyAssignment>('POST', url(student, '/start'))).status).toBe(200);
    return student;
  }

  it("names the school's lines in the self-harm reply and on the page, not the US ones", async () => {
    const student = await studentAtSchool(mexico);
    const out = await readUIStream(await send(student, 'i dont want to be here anymore'));
    expect(out.text).toContain('Línea de la Vida: call 800 911 2000');
    expect(out.text).toContain('Mexico');
    expect(out.text).not.toContain('988');
    expect(finishOf(out.chunks).messageMetadata).toMatchObject({ status: 'blocked', safety: 'self_harm' });
    const d = await detail(student);
    expect(d.crisisLines).toEqual(mexico);
    // Known again as the self-harm reply after a reload, whatever lines it names.
    expect(d.messages[1]).toMatchObject({ status: 'blocked', safety: 'self_harm' });
  });

  it("falls back to the installation's lines for the student's language, then to the built-in ones", async () => {
    const student = await studentAtSchool(null);
    expect((await detail(student)).crisisLines).toMatchObject({ country: 'US', emergency: '911' });
    await ctx.database.db
      .insert(schema.installationSetting)
      .values({ key: 'crisis_lines', value: { en: canada, es: null } })
      .onConflictDoUpdate({ target: schema.installationSetting.key, set: { value: { en: canada, es: null } } });
    try {
      const out = await readUIStream(await send(student, 'i want to kill myself'));
      expect(out.text).toContain('Kids Help Phone: call 1-800-668-6868 or text 686868');
      expect(out.text).not.toContain('988');
      expect((await detail(student)).crisisLines).toEqual(canada);
    } finally {
      await ctx.database.db.delete(schema.installationSetting).where(eq(schema.installationSetting.key, 'crisis_lines'));
    }
  });
});
