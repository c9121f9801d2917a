import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../db/client';
import { buildUser, createTestContext, type TestContext } from '../../tests/harness';
import { startFakeGemini, type FakeGemini } from '../../tests/fakes/gemini';
import { startFakeOpenAICompatible, type FakeOpenAICompatible } from '../../tests/fakes/openai-compatible';
import { fakeGeminiEnv } from '../../tests/fakes/ai-helpers';
import { moderate, ModerationFailedError, verdictAction, type ModerationRequest } from './moderation';
import { createProvider } from './providers';
import { createRedactor } from './redact';

// The moderation pass (tier b) on its own, against both fakes over their real protocols.
let ctx: TestContext;
let gemini: FakeGemini;
let school: FakeOpenAICompatible;
let teacherId: string;
beforeAll(async () => {
  gemini = await startFakeGemini();
  school = await startFakeOpenAICompatible();
  ctx = await createTestContext(fakeGeminiEnv(gemini));
  teacherId = (await buildUser(ctx, { role: 'teacher' })).id;
});
afterAll(async () => {
  await ctx.close();
  await gemini.close();
  await school.close();
});

function request(provider: ModerationRequest['provider'], text: string, messageId = crypto.randomUUID()): ModerationRequest {
  return {
    provider,
    text,
    which: 'input',
    redact: createRedactor({ name: 'Maya Lopez', email: 'maya@pupils.example.org' }),
    timeoutMs: 400,
    retryMs: 5,
    meter: { userId: 'student-1', poolOwnerId: teacherId, schoolId: null, botId: null, conversationId: crypto.randomUUID(), messageId },
  };
}

const geminiProvider = () => createProvider(ctx.config.ai)!;

describe('moderate()', () => {
  it('asks Gemini in JSON mode with its filter off for the call, redacted, and meters one moderation row', async () => {
    gemini.core.reset();
    gemini.core.set({ moderation: () => ({ category: 'bullying', severity: 'medium', reason: 'An insult.' }) });
    const messageId = crypto.randomUUID();
    const verdict = await moderate(ctx.database.db, request(geminiProvider(), 'Maya Lopez says you are dumb', messageId));
    expect(verdict).toMatchObject({ category: 'bullying', severity: 'medium', reason: 'An insult.', detectedBy: 'moderation' });
    expect(gemini.requests).toHaveLength(0);
    const [sent] = gemini.core.moderationRequests;
    const body = sent!.body as { generationConfig: Record<string, unknown>; safetySettings: { threshold: string }[] };
    expect(body.generationConfig).toMatchObject({ responseMimeType: 'application/json', temperature: 0 });
    expect(body.safetySettings.every((s) => s.threshold === 'BLOCK_NONE')).toBe(true);
    expect(sent!.raw).not.toMatch(/maya|lopez/i);
    expect(sent!.raw).toContain('[Student] says you are dumb');
    const rows = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.messageId, messageId));
    expect(rows).toEqual([expect.objectContaining({ kind: 'moderation', poolOwnerId: teacherId, outcome: 'ok' })]);
  });

  it("reads Gemini's own block of the call as a high flag with the provider's signals", async () => {
    gemini.core.reset();
    gemini.core.failModerationNext({ kind: 'safety-block' });
    const verdict = await moderate(ctx.database.db, request(geminiProvider(), 'something terrible'));
    expect(verdict).toMatchObject({ category: 'violence', severity: 'high', detectedBy: 'provider' });
    expect(verdict.providerSafety).toMatchObject({ blockReason: 'SAFETY' });
    expect(verdictAction(verdict)).toBe('block');
  });

  it('fails (typed) on a wrong shape, a provider error after one quick retry, and a timeout', async () => {
    gemini.core.reset();
    gemini.core.set({ moderation: () => ({ raw: '{"category":"meh","severity":"low","reason":""}' }) });
    await expect(moderate(ctx.database.db, request(geminiProvider(), 'hello'))).rejects.toMatchObject({ code: 'moderation_bad_answer' });
    gemini.core.reset();
    gemini.core.failModerationNext({ kind: 'status', status: 503 });
    // One 503 is retried once, quickly: the second answer counts.
    expect(await moderate(ctx.database.db, request(geminiProvider(), 'hello'))).toMatchObject({ category: 'none' });
    expect(gemini.core.moderationRequests).toHaveLength(2);
    gemini.core.failModerationNext({ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    const failed = await moderate(ctx.database.db, request(geminiProvider(), 'hello')).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ModerationFailedError);
    expect(failed).toMatchObject({ code: 'moderation_provider_error' });
    gemini.core.failModerationNext({ kind: 'hang' });
    const started = Date.now();
    await expect(moderate(ctx.database.db, request(geminiProvider(), 'hello'))).rejects.toMatchObject({ code: 'moderation_timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('works with an OpenAI-compatible server (response_format, not streamed)', async () => {
    const provider = createProvider({
      ...ctx.config.ai,
      provider: {
        kind: 'openai-compatible',
        baseUrl: `${school.url}/v1`,
        apiKey: school.core.apiKey,
        textModel: 'llama3.1',
        imageModel: undefined,
      },
    })!;
    school.core.set({
      moderation: (text) =>
        text.includes('kill')
          ? { category: 'violence', severity: 'high', reason: 'A threat.' }
          : { category: 'none', severity: 'none', reason: '' },
    });
    expect(await moderate(ctx.database.db, request(provider, 'I will kill him'))).toMatchObject({ category: 'violence', severity: 'high' });
    expect(await moderate(ctx.database.db, request(provider, 'What is a fraction?'))).toMatchObject({ category: 'none' });
    expect(school.requests).toHaveLength(0);
    expect(school.core.moderationRequests).toHaveLength(2);
    expect(school.core.moderationRequests[0]!.body).toMatchObject({ model: 'llama3.1', temperature: 0 });
  });
});

describe('verdictAction', () => {
  it('passes none, notes low, blocks medium and high, and blocks self-harm at any severity', () => {
    expect(verdictAction({ category: 'none', severity: 'none' })).toBe('pass');
    expect(verdictAction({ category: 'bullying', severity: 'low' })).toBe('note');
    expect(verdictAction({ category: 'sexual', severity: 'medium' })).toBe('block');
    expect(verdictAction({ category: 'violence', severity: 'high' })).toBe('block');
    expect(verdictAction({ category: 'self_harm', severity: 'low' })).toBe('block');
    expect(verdictAction({ category: 'self_harm', severity: 'none' })).toBe('block');
  });
});
