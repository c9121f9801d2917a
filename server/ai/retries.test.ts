import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../tests/setup';
import { createTestContext, type TestContext } from '../../tests/harness';
import { startFakeGemini, type FakeGemini } from '../../tests/fakes/gemini';
import { fakeGeminiEnv, key, readUIStream, teacherWithConversation } from '../../tests/fakes/ai-helpers';
import { useAiTest } from '../../tests/ai';
import { backoffMs } from './retry';

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t), { AI_MAX_RETRIES: '2' });

type ErrorBody = { error: { code: string; message: string } };

async function send(c = ctx) {
  const { client, conversationId } = await teacherWithConversation(c);
  const res = await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'Explain photosynthesis' });
  return { res, client, conversationId };
}

describe('retries', () => {
  for (const status of [429, 500, 503]) {
    it(`retries a ${status} and then answers`, async () => {
      fake.core.failNext({ kind: 'status', status });
      const { res } = await send();
      expect(res.status).toBe(200);
      expect((await readUIStream(res)).text).toBe(fake.requests.at(-1)!.reply);
      expect(fake.requests).toHaveLength(2);
    });
  }

  it('retries a connection reset before any answer (a kept-alive socket the provider closed)', async () => {
    fake.core.failNext({ kind: 'reset' });
    const { res } = await send();
    expect(res.status).toBe(200);
    expect((await readUIStream(res)).text).toBe(fake.requests.at(-1)!.reply);
    expect(fake.requests).toHaveLength(2);
  });

  it('honours Retry-After', async () => {
    fake.core.failNext({ kind: 'status', status: 429, retryAfter: 1 });
    const { res } = await send();
    await readUIStream(res);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up after the capped number of tries with a provider-quota error', async () => {
    fake.core.failNext(
      { kind: 'status', status: 429 },
      { kind: 'status', status: 429 },
      { kind: 'status', status: 429 },
      { kind: 'status', status: 429 },
    );
    const { res, client, conversationId } = await send();
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(503);
    expect(body.error.code).toBe('ai_provider_quota');
    expect(fake.requests).toHaveLength(3);
    const detail = await client.json<{ messages: { status: string; errorCode: string | null }[] }>(
      'GET',
      `/api/conversations/${conversationId}`,
    );
    expect(detail.body.messages.map((m) => m.status)).toEqual(['complete', 'failed']);
    expect(detail.body.messages[1]!.errorCode).toBe('ai_provider_quota');
  });

  it('does not wait out a Retry-After longer than the cap', async () => {
    fake.core.failNext({ kind: 'status', status: 429, retryAfter: 3600 });
    const { res } = await send();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(fake.requests).toHaveLength(1);
  });

  for (const status of [400, 401, 403]) {
    it(`never retries a ${status}`, async () => {
      allowConsoleErrors();
      fake.core.failNext({ kind: 'status', status, message: 'refused' });
      const { res } = await send();
      expect(res.status).toBe(502);
      expect(fake.requests).toHaveLength(1);
    });
  }

  it('names the key setting for a bad key', async () => {
    allowConsoleErrors();
    const c = await createTestContext(fakeGeminiEnv(fake, { GEMINI_API_KEY: 'wrong-key' }));
    try {
      const { res } = await send(c);
      const body = (await res.json()) as ErrorBody;
      expect(res.status).toBe(502);
      expect(body.error.code).toBe('ai_bad_key');
      expect(body.error.message).toMatch(/GEMINI_API_KEY/);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await c.close();
    }
  });

  it('names the model setting for an unknown model (404), without retrying', async () => {
    allowConsoleErrors();
    const c = await createTestContext(fakeGeminiEnv(fake, { AI_TEXT_MODEL: 'gemini-0.1-retired' }));
    try {
      const { res } = await send(c);
      const body = (await res.json()) as ErrorBody;
      expect(res.status).toBe(502);
      expect(body.error.code).toBe('ai_model_not_found');
      expect(body.error.message).toMatch(/AI_TEXT_MODEL/);
      expect(body.error.message).toMatch(/gemini-0\.1-retired/);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await c.close();
    }
  });

  it('times out a provider that never answers', async () => {
    const c = await createTestContext(fakeGeminiEnv(fake, { AI_REQUEST_TIMEOUT_MS: '300' }));
    try {
      fake.core.failNext({ kind: 'hang' });
      const { res, client, conversationId } = await send(c);
      const stream = await readUIStream(res);
      expect(stream.chunks.at(-1)).toMatchObject({ type: 'error' });
      expect(String(stream.chunks.at(-1)!.errorText)).toMatch(/did not answer/);
      const detail = await client.json<{ messages: { status: string; errorCode: string | null }[] }>(
        'GET',
        `/api/conversations/${conversationId}`,
      );
      expect(detail.body.messages[1]).toMatchObject({ status: 'failed', errorCode: 'ai_timeout' });
    } finally {
      await c.close();
    }
  });

  it('keeps what came of a reply whose provider connection was cut, marked interrupted, and counts the call', async () => {
    // Chunks 10 ms apart, so the three before the cut reach the app before the connection goes.
    fake.core.set({ tokensPerChunk: 2, replyTokens: 20, tokensPerSecond: 200 });
    fake.core.failNext({ kind: 'cut', afterChunks: 3 });
    const { res, client, conversationId } = await send();
    expect(res.status).toBe(200);
    const stream = await readUIStream(res);
    expect(stream.chunks.at(-1)).toMatchObject({ type: 'error' });
    const words = fake.requests[0]!.reply.split(' ');
    expect(stream.text).toBe(words.slice(0, 6).join(' ') + ' ');
    const detail = await client.json<{ messages: { status: string; text: string }[] }>('GET', `/api/conversations/${conversationId}`);
    expect(detail.body.messages[1]).toMatchObject({ status: 'interrupted', text: stream.text });
    // The model was called and answered in part: the call counts, as any interrupted one.
    const used = await ctx.database.db.execute<{ outcome: string }>(
      sql`select outcome from ai_usage where conversation_id = ${conversationId}`,
    );
    expect((used as { rows: { outcome: string }[] }).rows.map((r) => r.outcome)).toEqual(['interrupted']);
    expect(fake.requests).toHaveLength(1);
  });

  it('names the base URL setting when the provider cannot be reached, after retrying', async () => {
    const c = await createTestContext(fakeGeminiEnv(fake, { GEMINI_BASE_URL: 'http://127.0.0.1:9/v1beta', AI_MAX_RETRIES: '1' }));
    try {
      allowConsoleErrors();
      const { res } = await send(c);
      const body = (await res.json()) as ErrorBody;
      expect(res.status).toBe(503);
      expect(body.error.code).toBe('ai_provider_unavailable');
      expect(body.error.message).toMatch(/could not be reached.*GEMINI_BASE_URL/);
    } finally {
      await c.close();
    }
  });

  it('reports a provider safety block on a teacher run as a blocked reply', async () => {
    fake.core.failNext({ kind: 'safety-block' });
    const { res, client, conversationId } = await send();
    const stream = await readUIStream(res);
    expect(stream.chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'content-filter', messageMetadata: { status: 'blocked' } });
    const detail = await client.json<{ messages: { status: string; errorCode: string | null }[] }>(
      'GET',
      `/api/conversations/${conversationId}`,
    );
    expect(detail.body.messages[1]).toMatchObject({ status: 'blocked', errorCode: 'ai_safety_block' });
  });
});

describe('backoff', () => {
  const policy = { maxRetries: 3, baseMs: 100, maxWaitMs: 1000 };
  it('grows exponentially with jitter, capped', () => {
    expect(backoffMs(0, policy, new Error('x'), () => 0)).toBe(50);
    expect(backoffMs(0, policy, new Error('x'), () => 1)).toBe(100);
    expect(backoffMs(2, policy, new Error('x'), () => 1)).toBe(400);
    expect(backoffMs(8, policy, new Error('x'), () => 1)).toBe(1000);
  });
});

describe('the fake itself', () => {
  it('starts on its own (a port and a script of its own) and stops', async () => {
    const f = await startFakeGemini();
    expect(f.port).not.toBe(fake.port);
    const generate = () =>
      fetch(`${f.url}/v1beta/models/gemini-2.0-flash:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': f.core.apiKey },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] }),
      });
    const res = await generate();
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
    expect(answer.candidates[0]!.content.parts[0]!.text).toBe(f.requests[0]!.reply);
    expect(f.requests).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);

    await f.close();
    await expect(generate()).rejects.toThrow();
  });
});
