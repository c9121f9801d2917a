import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import type { TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { imageBotOf, key, readUIStream, teacherWithConversation } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import type { AiStatus } from '../../../contract/ai';
import { monthWindow } from './usage.service';

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t), {
  AI_QUOTA_FREE_TEXT: '2',
  AI_QUOTA_FREE_IMAGES: '1',
  AI_QUOTA_PREMIUM_TEXT: '3',
  AI_RATE_LIMIT_PER_MINUTE: '6',
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('monthly quotas', () => {
  it('answers 429 quota_exceeded with the reset date once a free teacher has used the month', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    for (let i = 0; i < 2; i++) {
      expect(
        (await readUIStream(await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: `q${i}` })))
          .done,
      ).toBe(true);
    }
    const over = await client.json<ErrorBody>('POST', `/api/conversations/${conversationId}/messages`, {
      idempotencyKey: key(),
      text: 'one more',
    });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('quota_exceeded');
    const reset = monthWindow().resetsAt.toISOString();
    expect(over.body.error.fields?.resetsAt).toBe(reset);
    // The date is said once, by the page from fields.resetsAt, not also in the message.
    expect(over.body.error.message).not.toContain(reset.slice(0, 10));
    expect(over.body.error.message).not.toMatch(/resets/);
    expect(over.body.error.message).toMatch(/Premium/);
    expect(fake.requests).toHaveLength(2);
    const status = await client.json<AiStatus>('GET', '/api/ai');
    expect(status.body.usage).toEqual({ text: { used: 2, limit: 2 }, images: { used: 0, limit: 1 }, resetsAt: reset });
  });

  it('gives a premium teacher the premium allowance, and does not count failed calls', async () => {
    const { user, client, conversationId } = await teacherWithConversation(ctx);
    await ctx.database.db.insert(schema.customerSubscription).values({ userId: user.id, status: 'active', provider: 'manual' });
    fake.core.failNext({ kind: 'status', status: 400, message: 'bad' });
    const { allowConsoleErrors } = await import('../../../tests/setup');
    allowConsoleErrors();
    expect((await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'fails' })).status).toBe(502);
    for (let i = 0; i < 3; i++) {
      const res = await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: `p${i}` });
      expect(res.status).toBe(200);
      await readUIStream(res);
    }
    expect((await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'over' })).status).toBe(429);
  });

  it('lets a burst of sends on several conversations through only up to the quota', async () => {
    const { client } = await teacherWithConversation(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await client.json<{ id: string }>('POST', '/api/conversations', {})).body.id);
    const answers = await Promise.all(
      ids.map((id, i) => client.post(`/api/conversations/${id}/messages`, { idempotencyKey: key(), text: `burst ${i}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    await Promise.all(answers.filter((r) => r.status === 200).map((r) => readUIStream(r)));
    const status = await client.json<AiStatus>('GET', '/api/ai');
    expect(status.body.usage.text.used).toBe(2);
    // Nothing was stored for a refused send: its conversation is still empty.
    const turns = await Promise.all(
      ids.map(async (id) => (await client.json<{ messages: unknown[] }>('GET', `/api/conversations/${id}`)).body.messages.length),
    );
    expect(turns.sort()).toEqual([0, 0, 0, 2, 2]);
  });

  it('limits images per month', async () => {
    const { client } = await teacherWithConversation(ctx);
    const botId = await imageBotOf(client);
    expect((await client.post('/api/images', { idempotencyKey: key(), prompt: 'a leaf', botId })).status).toBe(201);
    const over = await client.json<ErrorBody>('POST', '/api/images', { idempotencyKey: key(), prompt: 'another leaf', botId });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('quota_exceeded');
    expect(over.body.error.fields?.kind).toBe('image');
  });

  it('records usage rows that start pending and finish with the outcome', async () => {
    const { user, client, conversationId } = await teacherWithConversation(ctx);
    await readUIStream(await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'meter me' }));
    const rows = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, user.id));
    expect(rows.map((r) => r.outcome)).toEqual(['ok']);
  });
});

describe('per-user rate limit', () => {
  it('answers 429 with Retry-After past the per-minute limit', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    await ctx.database.db
      .insert(schema.customerSubscription)
      .values({ userId: (await client.json<{ id: string }>('GET', '/api/me')).body.id, status: 'active', provider: 'manual' });
    for (let i = 0; i < 3; i++)
      await readUIStream(await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: `r${i}` }));
    // The next three pass the rate (6/min) but not the premium quota of 3; the seventh hits the rate.
    for (let i = 3; i < 6; i++)
      expect((await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: `r${i}` })).status).toBe(
        429,
      );
    const limited = await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'r6' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ErrorBody).error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
