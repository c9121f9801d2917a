import { randomUUID } from 'node:crypto';
import { createTestContext, signedIn, type TestClient, type TestContext } from '../harness';
import { startFakeGemini, type FakeGemini } from './gemini';

/** Settings that point the app at a fake Gemini, with fast retries for tests. */
export function fakeGeminiEnv(fake: { url: string; core: { apiKey: string } }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GEMINI_API_KEY: fake.core.apiKey,
    GEMINI_BASE_URL: `${fake.url}/v1beta`,
    AI_RETRY_BASE_MS: '5',
    AI_CHECKPOINT_MS: '100',
    AI_RATE_LIMIT_PER_MINUTE: '1000',
    ...extra,
  };
}

export async function startAiTest(extra: Record<string, string> = {}): Promise<{ ctx: TestContext; fake: FakeGemini }> {
  const fake = await startFakeGemini();
  const ctx = await createTestContext(fakeGeminiEnv(fake, extra));
  return { ctx, fake };
}

export const key = () => `k-${randomUUID()}`;

export interface UIStreamRead {
  chunks: Record<string, unknown>[];
  text: string;
  done: boolean;
}

/** Parses a UI message stream (SSE of JSON chunks ending in [DONE]). */
export function parseUIStream(body: string): UIStreamRead {
  const chunks: Record<string, unknown>[] = [];
  let done = false;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6);
    if (data === '[DONE]') done = true;
    else chunks.push(JSON.parse(data) as Record<string, unknown>);
  }
  const text = chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => String(c.delta))
    .join('');
  return { chunks, text, done };
}

export async function readUIStream(res: Response): Promise<UIStreamRead> {
  return parseUIStream(await res.text());
}

/** A signed-in teacher with a fresh assistant conversation. */
export async function teacherWithConversation(ctx: TestContext, overrides: Parameters<typeof signedIn>[1] = {}) {
  const { user, client } = await signedIn(ctx, { role: 'teacher', ...overrides });
  const created = await client.json<{ id: string }>('POST', '/api/conversations', {});
  return { user, client, conversationId: created.body.id };
}

/** A new DocBot of the client's with "Can generate images" on: the bot a POST /api/images names. */
export async function imageBotOf(client: TestClient, over: Record<string, unknown> = {}): Promise<string> {
  const res = await client.json<{ id: string }>('POST', '/api/bots', {
    kind: 'DocBot',
    name: 'Pictures',
    settings: { canGenerateImages: true },
    ...over,
  });
  if (res.status !== 201) throw new Error(`creating the image bot failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
