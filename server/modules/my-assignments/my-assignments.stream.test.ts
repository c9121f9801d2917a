import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MyAssignmentDetail } from '../../../contract/assignments';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { chunkText, passVerdict } from '../../../tests/fakes/fake-llm';
import { key, parseUIStream, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { heldReplyText, safeReply } from '../../ai/safety';
import { assignmentWorld, type World } from './my-assignments.test-helpers';

// Issue 27 items 1 and 2: a student's tutor reply streams in checked pieces (a check at sentence
// ends, one at a time; a flag stops it and the safe reply replaces what was shown), and the
// message's own check runs beside the tutor's first call. Whatever the order in which the check,
// the tutor's stream and a reattached page arrive, no unchecked text reaches the student, an
// attach or a checkpoint.

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t), { AI_MODERATION_TIMEOUT_MS: '2000' });

type Student = Awaited<ReturnType<World['addStudent']>>;
const url = (s: Student, rest = '') => `/api/my-assignments/${s.asid}${rest}`;
const send = (s: Student, text: string) => s.client.post(url(s, '/messages'), { idempotencyKey: key(), text });
const detail = async (s: Student) => (await s.client.json<MyAssignmentDetail>('GET', url(s))).body;

async function started() {
  const world = await assignmentWorld(ctx);
  const student = await world.addStudent();
  expect((await student.client.json('POST', url(student, '/start'))).status).toBe(200);
  return { world, student };
}

const SENTENCES = [
  'A fraction names part of a whole.',
  'The bottom number says how many equal parts there are.',
  'The top number says how many of them we take.',
  'So three quarters means three of four equal parts.',
  'Try drawing a pizza cut into four slices.',
  'Now shade three of the slices.',
  'What part of the pizza is not shaded?',
  'Write it as a fraction and tell me.',
];
const REPLY = SENTENCES.join(' ');

interface Timed {
  at: number;
  chunk: Record<string, unknown>;
}

/** Reads a UI message stream to its end, noting when each chunk arrived. */
async function readTimed(res: Response): Promise<Timed[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const out: Timed[] = [];
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop()!;
    for (const e of events) {
      const data = e.replace(/^data: /, '');
      if (data !== '[DONE]') out.push({ at: Date.now(), chunk: JSON.parse(data) as Record<string, unknown> });
    }
  }
  return out;
}

/** The text of one text part of a stream. */
const partText = (chunks: Record<string, unknown>[], id: string) =>
  chunks
    .filter((c) => c.type === 'text-delta' && c.id === id)
    .map((c) => String(c.delta))
    .join('');

/** The texts the fake classifier was asked about (the message's checks and the reply's). */
const classified = () => fake.core.moderationRequests.map((r) => r.classified ?? '');

/** Watches the reply row's stored text (the checkpoints) until stopped. */
function watchCheckpoints(conversationId: () => Promise<string | null>) {
  const seen = new Set<string>();
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const id = await conversationId();
      if (id) {
        const rows = await ctx.database.db
          .select({ text: schema.aiMessage.text })
          .from(schema.aiMessage)
          .where(and(eq(schema.aiMessage.conversationId, id), eq(schema.aiMessage.role, 'assistant')));
        for (const r of rows) seen.add(r.text);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    seen,
    stop: async () => {
      stop = true;
      await done;
    },
  };
}

const conversationOf = (s: Student) => async () =>
  (await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, s.asid)))[0]?.conversationId ?? null;

describe("a student's reply in checked pieces", () => {
  it('grows in several steps while it is written, each step a check that passed, and the checkpoints hold only checked text', async () => {
    const { student } = await started();
    fake.core.set({ reply: REPLY, ttftMs: 0, tokensPerSecond: 40, tokensPerChunk: 2, moderationMs: 80, recordChunkTimes: true });
    const checkpoints = watchCheckpoints(conversationOf(student));
    const timed = await readTimed(await send(student, 'What is a fraction?'));
    await checkpoints.stop();
    const chunks = timed.map((t) => t.chunk);
    const deltas = timed.filter((t) => t.chunk.type === 'text-delta');
    expect(partText(chunks, 'text-0')).toBe(REPLY);
    expect(chunks.some((c) => c.id === 'text-1')).toBe(false);
    expect(chunks.find((c) => c.type === 'finish')).toMatchObject({ messageMetadata: { status: 'complete' } });

    // Several steps, the first while the tutor was still writing.
    expect(deltas.length).toBeGreaterThanOrEqual(4);
    expect(deltas[0]!.at).toBeLessThan(fake.requests[0]!.chunkTimes.at(-1)!);
    // Every text the student saw at any moment had passed a check that covered all of it.
    const checked = new Set(classified());
    let shown = '';
    for (const d of deltas) {
      shown += String(d.chunk.delta);
      expect(checked.has(shown)).toBe(true);
    }
    for (const text of checkpoints.seen) expect(text === '' || checked.has(text)).toBe(true);
    // Bounded: the message's check, the checks while it was written, and the closing one.
    const checks = fake.core.moderationRequests.length;
    expect(checks).toBeLessThanOrEqual(1 + ctx.config.ai.moderation.checksPerReply + 1);
    const metered = await ctx.database.db
      .select()
      .from(schema.aiUsage)
      .where(and(eq(schema.aiUsage.userId, student.user.id), eq(schema.aiUsage.kind, 'moderation')));
    expect(metered).toHaveLength(checks);
    expect((await detail(student)).messages[1]).toMatchObject({ status: 'complete', text: REPLY });
  });

  it('stops a reply a check flags halfway: the safe reply replaces what was shown, is stored and flagged, and a reload shows only it', async () => {
    const { student } = await started();
    const flagged = [...SENTENCES.slice(0, 3), 'The zebra password opens the door.', ...SENTENCES.slice(3)].join(' ');
    fake.core.set({
      reply: flagged,
      ttftMs: 0,
      tokensPerSecond: 20,
      tokensPerChunk: 2,
      moderationMs: 50,
      recordChunkTimes: true,
      moderation: (text) => (text.includes('zebra') ? { category: 'violence', severity: 'high', reason: 'Unsafe content.' } : passVerdict),
    });
    const res = await send(student, 'Tell me about fractions');
    const chunks = (await readTimed(res)).map((t) => t.chunk);
    const shown = partText(chunks, 'text-0');
    expect(shown.length).toBeGreaterThan(0);
    expect(flagged.startsWith(shown)).toBe(true);
    expect(shown).not.toContain('zebra');
    expect(partText(chunks, 'text-1')).toBe(safeReply('violence'));
    expect(chunks.find((c) => c.type === 'finish')).toMatchObject({ messageMetadata: { status: 'blocked' } });
    // The stream was stopped: the tutor was not let write the rest.
    expect(fake.requests[0]!.chunkTimes.length).toBeLessThan(chunkText(flagged, 2).length);

    const d = await detail(student);
    expect(d.messages[1]).toMatchObject({ status: 'blocked', text: safeReply('violence') });
    const attach = parseUIStream(await (await student.client.get(url(student, `/messages/${d.messages[1]!.id}/stream`))).text());
    expect(attach.text).toBe(safeReply('violence'));
    const flags = await ctx.database.db.select().from(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, student.asid));
    expect(flags).toEqual([expect.objectContaining({ source: 'output', category: 'violence', messageId: d.messages[1]!.id })]);
  });

  it('gives a page that attaches while the reply is written only checked text', async () => {
    const { student } = await started();
    fake.core.set({ reply: REPLY, ttftMs: 0, tokensPerSecond: 30, tokensPerChunk: 2, moderationMs: 150, recordChunkTimes: true });
    const sending = send(student, 'Explain fractions');
    const replyId = await vi.waitFor(
      async () => {
        const last = (await detail(student)).messages.at(-1);
        if (last?.role !== 'assistant' || last.status !== 'streaming') throw new Error('the reply has not started');
        return last.id;
      },
      { timeout: 5000, interval: 20 },
    );
    await vi.waitFor(() => expect(fake.requests[0]?.chunkTimes.length ?? 0).toBeGreaterThanOrEqual(4), { timeout: 5000, interval: 10 });
    const attached = await readTimed(await student.client.get(url(student, `/messages/${replyId}/stream`)));
    await readUIStream(await sending);
    const checked = new Set(classified());
    let shown = '';
    for (const d of attached.filter((t) => t.chunk.type === 'text-delta')) {
      shown += String(d.chunk.delta);
      expect(checked.has(shown)).toBe(true);
    }
    expect(shown).toBe(REPLY);
  });
});

describe("the message's check beside the tutor's first call", () => {
  const MESSAGE = 'I want to run away and never come back';
  const TUTOR = 'TUTORTEXT one. TUTORTEXT two. TUTORTEXT three. TUTORTEXT four. TUTORTEXT five.';
  const blocking = (text: string) =>
    text.includes('never come back') ? { category: 'self_harm' as const, severity: 'high' as const, reason: 'Running away.' } : passVerdict;

  const orders = [
    ['the check answers before the tutor has opened its stream', { ttftMs: 600, moderationMs: 30 }],
    ['the tutor writes its whole reply before the check answers', { ttftMs: 0, moderationMs: 400 }],
    ['the check answers while the tutor is writing', { ttftMs: 0, tokensPerSecond: 20, tokensPerChunk: 1, moderationMs: 250 }],
  ] as const;
  for (const [order, timing] of orders) {
    it(`refuses a flagged message when ${order}: the safe reply, a flag, the quota given back, no tutor text anywhere`, async () => {
      const { world, student } = await started();
      fake.core.set({ reply: TUTOR, recordChunkTimes: true, moderation: blocking, ...timing });
      const checkpoints = watchCheckpoints(conversationOf(student));
      const sending = send(student, MESSAGE);
      // A second page attaches as soon as the reply row exists.
      const replyId = await vi.waitFor(
        async () => {
          const last = (await detail(student)).messages.at(-1);
          if (last?.role !== 'assistant') throw new Error('no reply row yet');
          return last.id;
        },
        { timeout: 5000, interval: 10 },
      );
      const attach = student.client.get(url(student, `/messages/${replyId}/stream`)).then((r) => r.text());
      const out = await readUIStream(await sending);
      const attached = parseUIStream(await attach);
      await checkpoints.stop();

      expect(out.text).toBe(safeReply('self_harm'));
      expect(out.chunks.find((c) => c.type === 'finish')).toMatchObject({ messageMetadata: { status: 'blocked', safety: 'self_harm' } });
      for (const text of [out.text, attached.text, ...checkpoints.seen]) expect(text).not.toContain('TUTORTEXT');
      const d = await detail(student);
      expect(d.messages[1]).toMatchObject({ status: 'blocked', text: safeReply('self_harm') });
      const flags = await ctx.database.db.select().from(schema.safetyFlag).where(eq(schema.safetyFlag.studentAssignmentId, student.asid));
      expect(flags).toEqual([expect.objectContaining({ source: 'input', category: 'self_harm', messageId: d.messages[0]!.id })]);
      // The tutor call was made beside the check and stopped; its count and usage row were given back.
      const text = await ctx.database.db
        .select()
        .from(schema.aiUsage)
        .where(and(eq(schema.aiUsage.userId, student.user.id), eq(schema.aiUsage.kind, 'text')));
      expect(text).toHaveLength(0);
      const counted = await ctx.database.db
        .select()
        .from(schema.aiQuotaUse)
        .where(eq(schema.aiQuotaUse.poolOwnerId, world.teacher.user.id));
      expect(counted.reduce((n, r) => n + r.used, 0)).toBe(0);
    });
  }

  it('holds a message whose check fails after the tutor has written everything: nothing of the reply is shown', async () => {
    const { student } = await started();
    fake.core.set({ reply: TUTOR, ttftMs: 0, moderationMs: 300 });
    fake.core.failMessageCheckNext({ kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    const out = await readUIStream(await send(student, 'What is a quarter of twelve?'));
    expect(out.text).toBe(heldReplyText);
    expect(out.text).not.toContain('TUTORTEXT');
    const d = await detail(student);
    expect(d.messages[1]).toMatchObject({ status: 'held', text: heldReplyText });
  });
});
