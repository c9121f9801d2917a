import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '../../db/client';
import { Generation } from '../../ai/generation';
import { aiRuntime } from '../../ai/runtime';
import { buildUser, createTestContext, type TestContext } from '../../../tests/harness';
import { createConversation, openReply } from './conversations.store';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ GEMINI_API_KEY: 'unused', AI_CHECKPOINT_MS: '50' });
});
afterAll(async () => {
  await ctx.close();
});

/** `count` stored replies, each 'streaming' with a live Generation in this process. */
async function liveReplies(count: number) {
  const user = await buildUser(ctx, { role: 'teacher' });
  const pool = { ownerId: user.id, premium: false, schoolId: null, limits: { text: 1000, images: 0 } };
  const rt = aiRuntime(ctx);
  const replies: { id: string; generation: Generation }[] = [];
  for (let i = 0; i < count; i++) {
    const conversation = await createConversation(ctx.database.db, user.id);
    const replyId = randomUUID();
    const opened = await openReply(ctx.database.db, {
      conversationId: conversation.id,
      userId: randomUUID(),
      replyId,
      text: `question ${i}`,
      idempotencyKey: randomUUID(),
      title: '',
      rate: { key: `ai:${user.id}`, rule: { window: 60_000, max: 1000 } },
      reservation: {
        userId: user.id,
        pool,
        kind: 'text',
        botId: null,
        conversationId: conversation.id,
        messageId: replyId,
        provider: 'gemini',
        model: 'm',
      },
    });
    expect(opened.usageId).toBeTruthy();
    const generation = new Generation();
    rt.live.set(replyId, generation);
    replies.push({ id: replyId, generation });
  }
  return replies;
}

const rowsOf = (ids: string[]) => ctx.database.db.select().from(schema.aiMessage).where(inArray(schema.aiMessage.id, ids));

/** Waits until a checkpoint has saved `what` (the timer beats every 50 ms). */
function until(what: string, check: () => Promise<boolean>) {
  return vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`no checkpoint saved ${what} within 20 s`);
    },
    { timeout: 20_000, interval: 20 },
  );
}

describe('checkpoints', () => {
  it("saves the grown text of every live reply, more than one statement's slice of them, and again after a pause with none live", async () => {
    const replies = await liveReplies(70);
    const ids = replies.map((r) => r.id);
    replies.forEach((r, i) => (r.generation.text = `partial answer ${i}`));
    ctx.timers.checkpoints.watch(ctx);
    await until('the partial text of every live reply', async () => (await rowsOf(ids)).every((m) => m.text.startsWith('partial')));
    const saved = await rowsOf(ids);
    expect(saved).toHaveLength(70);
    for (const m of saved) expect(m.text).toBe(`partial answer ${ids.indexOf(m.id)}`);
    expect(saved.every((m) => m.status === 'streaming')).toBe(true);

    // Text that grows is saved again; a reply that finished meanwhile is left as it was written.
    const [first, second] = replies;
    first!.generation.text += ' and more';
    second!.generation.end({
      status: 'complete',
      text: 'the whole answer',
      replaced: false,
      inputTokens: 0,
      outputTokens: 0,
      latencyMs: 0,
    });
    await ctx.database.db
      .update(schema.aiMessage)
      .set({ status: 'complete', text: 'the whole answer' })
      .where(inArray(schema.aiMessage.id, [second!.id]));
    second!.generation.text = 'a stale text';
    await until('the grown text', async () => (await rowsOf([first!.id]))[0]!.text.endsWith('and more'));
    expect((await rowsOf([first!.id]))[0]!.text).toBe('partial answer 0 and more');
    expect((await rowsOf([second!.id]))[0]).toMatchObject({ status: 'complete', text: 'the whole answer' });

    // Nothing live for a while (the timer ends), then a new live reply.
    aiRuntime(ctx).live.clear();
    await new Promise((r) => setTimeout(r, 150));
    const restarted = await liveReplies(1);
    restarted[0]!.generation.text = 'after the pause';
    ctx.timers.checkpoints.watch(ctx);
    await until('the reply that went live after the pause', async () => (await rowsOf([restarted[0]!.id]))[0]!.text === 'after the pause');
    expect((await rowsOf([restarted[0]!.id]))[0]!.text).toBe('after the pause');
  });
});
