import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { imageBotOf, key, startAiTest } from '../../../tests/fakes/ai-helpers';

let ctx: TestContext;
let fake: FakeGemini;
beforeAll(async () => {
  ({ ctx, fake } = await startAiTest());
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
afterEach(() => fake.core.reset());

describe('image generation', () => {
  it("generates through Imagen's :predict, stores the image and returns its file id", async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    const res = await client.json<{ fileId: string }>('POST', '/api/images', {
      idempotencyKey: key(),
      prompt: 'A diagram of a plant cell',
      botId,
    });
    expect(res.status).toBe(201);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/imagen-3.0-generate-002:predict');
    expect(sent.body).toMatchObject({ instances: [{ prompt: 'A diagram of a plant cell' }], parameters: { sampleCount: 1 } });
    const image = await client.get(`/api/images/${res.body.fileId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const [usage] = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, user.id));
    expect(usage).toMatchObject({ kind: 'image', images: 1, outcome: 'ok', model: 'imagen-3.0-generate-002', botId });
    const { client: other } = await signedIn(ctx);
    expect((await other.get(`/api/images/${res.body.fileId}`)).status).toBe(404);
    expect((await new TestClient(ctx).get(`/api/images/${res.body.fileId}`)).status).toBe(401);
  });

  it('makes one call for a double submit and answers both with the same file', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    const k = key();
    const [a, b] = await Promise.all([
      client.json<{ fileId: string }>('POST', '/api/images', { idempotencyKey: k, prompt: 'A volcano', botId }),
      client.json<{ fileId: string }>('POST', '/api/images', { idempotencyKey: k, prompt: 'A volcano', botId }),
    ]);
    expect(a.body.fileId).toBe(b.body.fileId);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 503 from Imagen', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const botId = await imageBotOf(client);
    fake.core.failNext({ kind: 'status', status: 503 });
    expect((await client.post('/api/images', { idempotencyKey: key(), prompt: 'A map', botId })).status).toBe(201);
    expect(fake.requests).toHaveLength(2);
  });
});
