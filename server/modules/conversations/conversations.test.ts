import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { imageBotOf, key, readUIStream, teacherWithConversation } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import type { ConversationDetail } from '../../../contract/ai';

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

describe('chat runs', () => {
  it('streams the reply through the real Gemini provider, stores both turns and meters the call', async () => {
    const { user, client, conversationId } = await teacherWithConversation(ctx);
    const res = await client.post(`/api/conversations/${conversationId}/messages`, {
      idempotencyKey: key(),
      text: 'Plan a lesson on cells',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const stream = await readUIStream(res);
    expect(stream.done).toBe(true);
    expect(stream.text).toBe(fake.requests[0]!.reply);
    expect(stream.chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { conversationId, status: 'complete' } });

    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent');
    expect(sent.raw).toContain('Plan a lesson on cells');
    expect(sent.raw).toContain('teacher_instructions');

    const detail = await client.json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
    expect(detail.body.messages.map((m) => [m.role, m.status, m.text])).toEqual([
      ['user', 'complete', 'Plan a lesson on cells'],
      ['assistant', 'complete', stream.text],
    ]);
    expect(detail.body.title).toBe('Plan a lesson on cells');

    const [usage] = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, user.id));
    expect(usage).toMatchObject({
      kind: 'text',
      model: 'gemini-2.0-flash',
      provider: 'gemini',
      outcome: 'ok',
      poolOwnerId: user.id,
      conversationId,
    });
    expect(usage!.outputTokens).toBe(24);
    expect(usage!.inputTokens).toBeGreaterThan(0);
    expect(usage!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('stores the user message before the model is called', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    let storedAtCall: string[] = [];
    fake.core.set({
      reply: () => {
        // Runs when the fake receives the call: the user turn must already be in the database.
        void ctx.database.db
          .select({ text: schema.aiMessage.text })
          .from(schema.aiMessage)
          .where(eq(schema.aiMessage.conversationId, conversationId))
          .then((rows) => (storedAtCall = rows.map((r) => r.text)));
        return 'ok then';
      },
      ttftMs: 50,
    });
    await readUIStream(
      await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'Stored first?' }),
    );
    expect(storedAtCall).toContain('Stored first?');
  });

  it('answers a double submit with one message and one model call', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    fake.core.set({ tokensPerSecond: 400 });
    const k = key();
    const [a, b] = await Promise.all([
      client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: k, text: 'Twice?' }),
      client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: k, text: 'Twice?' }),
    ]);
    const [ra, rb] = [await readUIStream(a), await readUIStream(b)];
    expect(ra.text).toBe(rb.text);
    const later = await readUIStream(
      await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: k, text: 'Twice?' }),
    );
    expect(later.text).toBe(ra.text);
    expect(fake.requests).toHaveLength(1);
    const detail = await client.json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
    expect(detail.body.messages).toHaveLength(2);
  });

  it('stores different messages sent at once to one conversation each once, each followed by its reply', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    fake.core.set({ tokensPerSecond: 400 });
    const texts = ['first', 'second', 'third'];
    const sends = await Promise.all(
      texts.map((text) => client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text })),
    );
    expect(sends.map((r) => r.status)).toEqual([200, 200, 200]);
    const replies = await Promise.all(sends.map(readUIStream));
    expect(replies.every((r) => r.done && r.text.length > 0)).toBe(true);
    expect(fake.requests).toHaveLength(3);
    const detail = await client.json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
    const messages = detail.body.messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(
      messages
        .filter((m) => m.role === 'user')
        .map((m) => m.text)
        .sort(),
    ).toEqual(texts);
    expect(messages.every((m) => m.status === 'complete')).toBe(true);
  });

  it('saves the text of every reply still streaming at its checkpoints, then the whole reply', async () => {
    // 40 tokens at 40 a second: a second of streaming, checkpoints every 100 ms (the test setting).
    fake.core.set({ tokensPerSecond: 40, tokensPerChunk: 2, replyTokens: 40 });
    const runs = [await teacherWithConversation(ctx), await teacherWithConversation(ctx)];
    const sends = await Promise.all(
      runs.map((r) => r.client.post(`/api/conversations/${r.conversationId}/messages`, { idempotencyKey: key(), text: 'Take your time' })),
    );
    const replyRows = () =>
      ctx.database.db
        .select()
        .from(schema.aiMessage)
        .where(
          and(
            inArray(
              schema.aiMessage.conversationId,
              runs.map((r) => r.conversationId),
            ),
            eq(schema.aiMessage.role, 'assistant'),
          ),
        );
    let midway = await replyRows();
    for (let i = 0; i < 50 && !(midway.length === 2 && midway.every((m) => m.status === 'streaming' && m.text.length > 0)); i++) {
      await new Promise((r) => setTimeout(r, 20));
      midway = await replyRows();
    }
    expect(midway.map((m) => m.status)).toEqual(['streaming', 'streaming']);
    expect(midway.every((m) => m.text.length > 0)).toBe(true);
    const streamed = await Promise.all(sends.map(readUIStream));
    const done = await replyRows();
    for (const m of midway) {
      const final = done.find((d) => d.id === m.id)!;
      expect(final.status).toBe('complete');
      expect(final.text.startsWith(m.text)).toBe(true);
      expect(final.text.length).toBeGreaterThan(m.text.length);
    }
    expect(done.map((m) => m.text).sort()).toEqual(streamed.map((r) => r.text).sort());
  });

  it('keeps every message once and in order over several turns, and sends the history', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    for (const text of ['one', 'two', 'three']) {
      await readUIStream(await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text }));
    }
    const detail = await client.json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
    expect(detail.body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(detail.body.messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(['one', 'two', 'three']);
    const third = fake.requests[2]!.body as { contents: { role: string }[] };
    expect(third.contents.map((c) => c.role)).toEqual(['user', 'model', 'user', 'model', 'user']);
  });

  it('ignores a model, provider or endpoint sent by the client', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    const res = await client.post(`/api/conversations/${conversationId}/messages`, {
      idempotencyKey: key(),
      text: 'hi',
      model: 'gemini-ultra',
      provider: 'openai',
      baseURL: 'http://evil',
    });
    await readUIStream(res);
    expect(fake.requests[0]!.model).toBe('gemini-2.0-flash');
  });

  it('answers 413 for a message over the input limit, before any model call', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    const res = await client.json<{ error: { code: string } }>('POST', `/api/conversations/${conversationId}/messages`, {
      idempotencyKey: key(),
      text: 'x'.repeat(20_001),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('input_too_large');
    expect(fake.requests).toHaveLength(0);
  });

  it('drops the oldest turns when the history passes its cap', async () => {
    const local = await createTestContext({ ...aiEnv(), AI_MAX_HISTORY_TURNS: '2' });
    try {
      const { client, conversationId } = await teacherWithConversation(local);
      for (const text of ['first', 'second', 'third']) {
        await readUIStream(await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text }));
      }
      const last = fake.requests.at(-1)!;
      const body = last.body as { contents: unknown[] };
      expect(body.contents).toHaveLength(3);
      expect(last.raw).not.toContain('"first"');
      expect(last.raw).toContain('earlier turns of this conversation were left out');
    } finally {
      await local.close();
    }
  });
});

function aiEnv() {
  return { GEMINI_API_KEY: fake.core.apiKey, GEMINI_BASE_URL: fake.url, AI_RETRY_BASE_MS: '5', AI_RATE_LIMIT_PER_MINUTE: '1000' };
}

describe('access', () => {
  it("refuses signed-out callers and reads another user's conversation as 404", async () => {
    const { conversationId } = await teacherWithConversation(ctx);
    const anon = new TestClient(ctx);
    expect((await anon.post('/api/conversations', {})).status).toBe(401);
    expect((await anon.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'x' })).status).toBe(401);
    const { client: other } = await signedIn(ctx);
    expect((await other.get(`/api/conversations/${conversationId}`)).status).toBe(404);
    expect((await other.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'x' })).status).toBe(404);
    expect((await other.post(`/api/conversations/${conversationId}/retry`, { idempotencyKey: key() })).status).toBe(404);
    expect((await other.get('/api/conversations/not-a-uuid')).status).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it('validates the body', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    const res = await client.json<{ error: { code: string; fields: Record<string, string> } }>(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { text: '' },
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['idempotencyKey', 'text']);
  });
});

describe('without an AI provider', () => {
  it('starts, reports "not configured" on /api/health with 200, and answers AI actions 503 naming the settings', async () => {
    const bare = await createTestContext();
    try {
      const health = await new TestClient(bare).json<{ ai: string }>('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body.ai).toBe('not configured');
      const { client, conversationId } = await teacherWithConversation(bare);
      const send = await client.json<{ error: { code: string; message: string } }>(
        'POST',
        `/api/conversations/${conversationId}/messages`,
        { idempotencyKey: key(), text: 'hello' },
      );
      expect(send.status).toBe(503);
      expect(send.body.error.code).toBe('ai_not_configured');
      expect(send.body.error.message).toMatch(/GEMINI_API_KEY/);
      expect(send.body.error.message).toMatch(/OPENAI_COMPATIBLE_BASE_URL/);
      const botId = await imageBotOf(client);
      const image = await client.json<{ error: { code: string } }>('POST', '/api/images', {
        idempotencyKey: key(),
        prompt: 'a cell',
        botId,
      });
      expect(image.status).toBe(503);
      expect(image.body.error.code).toBe('ai_not_configured');
      const detail = await client.json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
      expect(detail.body.messages).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('reports the provider on /api/health when configured', async () => {
    expect((await new TestClient(ctx).json<{ ai: string }>('GET', '/api/health')).body.ai).toBe('gemini');
  });
});

describe('Stop', () => {
  it('ends the reply on the server where it is, keeps it marked stopped, and Regenerate follows at once', async () => {
    const { client, conversationId } = await teacherWithConversation(ctx);
    fake.core.set({ tokensPerSecond: 40, tokensPerChunk: 2, replyTokens: 400 });
    const res = await client.post(`/api/conversations/${conversationId}/messages`, {
      idempotencyKey: key(),
      text: 'A long answer, please',
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    while (!body.includes('"text-delta"')) body += decoder.decode((await reader.read()).value, { stream: true });
    const replyId = /"messageId":"([0-9a-f-]{36})"/.exec(body)![1]!;

    // Someone else cannot stop it; an unknown reply is not found.
    const stranger = await signedIn(ctx, { role: 'teacher' });
    expect((await stranger.client.post(`/api/conversations/${conversationId}/messages/${replyId}/stop`, {})).status).toBe(404);
    expect((await client.post(`/api/conversations/${conversationId}/messages/not-an-id/stop`, {})).status).toBe(404);

    const stop = await client.json<{ status: string; stopped: boolean }>(
      'POST',
      `/api/conversations/${conversationId}/messages/${replyId}/stop`,
      {},
    );
    expect(stop.body).toEqual({ status: 'interrupted', stopped: true });
    // The live stream ends too, with the stopped mark and no error.
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(rest).toContain('"stopped":true');
    expect(rest).not.toContain('"type":"error"');

    const full = fake.requests[0]!.reply;
    const detail = await client.json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
    const reply = detail.body.messages[1]!;
    expect(reply).toMatchObject({ status: 'interrupted', errorCode: 'stopped' });
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.text.length).toBeLessThan(full.length);
    expect(full.startsWith(reply.text)).toBe(true);

    // Stopping again changes nothing; Regenerate does not wait for the old reply.
    expect((await client.json('POST', `/api/conversations/${conversationId}/messages/${replyId}/stop`, {})).body).toEqual({
      status: 'interrupted',
      stopped: true,
    });
    fake.core.set({ tokensPerSecond: 0, replyTokens: 12 });
    const again = await client.post(`/api/conversations/${conversationId}/retry`, { idempotencyKey: key() });
    expect(again.status).toBe(200);
    expect((await readUIStream(again)).done).toBe(true);
  });
});
