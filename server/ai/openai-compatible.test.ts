import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TestClient, type TestContext } from '../../tests/harness';
import { startFakeOpenAICompatible, type FakeOpenAICompatible } from '../../tests/fakes/openai-compatible';
import { imageBotOf, key, readUIStream, teacherWithConversation } from '../../tests/fakes/ai-helpers';

// A school-hosted model (Ollama, vLLM) through the OpenAI-compatible provider.
let ctx: TestContext;
let fake: FakeOpenAICompatible;
beforeAll(async () => {
  fake = await startFakeOpenAICompatible();
  ctx = await createTestContext({
    OPENAI_COMPATIBLE_BASE_URL: `${fake.url}/v1`,
    OPENAI_COMPATIBLE_API_KEY: fake.core.apiKey,
    OPENAI_COMPATIBLE_MODEL: 'llama3.1',
    OPENAI_COMPATIBLE_IMAGE_MODEL: 'fake-image',
    AI_RETRY_BASE_MS: '5',
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('a school-hosted OpenAI-compatible server', () => {
  it('streams chat replies, meters tokens, generates images and shows on /api/health', async () => {
    expect((await new TestClient(ctx).json<{ ai: string }>('GET', '/api/health')).body.ai).toBe('openai-compatible');
    const { client, conversationId } = await teacherWithConversation(ctx);
    fake.core.failNext({ kind: 'status', status: 503 });
    const stream = await readUIStream(
      await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text: 'Quiz me on fractions' }),
    );
    expect(stream.text).toBe(fake.requests.at(-1)!.reply);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
    expect(fake.requests[1]!.body).toMatchObject({ model: 'llama3.1', stream: true });
    const image = await client.json<{ fileId: string }>('POST', '/api/images', {
      idempotencyKey: key(),
      prompt: 'a pie chart',
      botId: await imageBotOf(client),
    });
    expect(image.status).toBe(201);
    expect(fake.requests.at(-1)!.path).toBe('/v1/images/generations');
  });
});
