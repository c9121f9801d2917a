import { afterAll, afterEach, beforeAll } from 'vitest';
import { startAiTest } from './fakes/ai-helpers';
import type { FakeGemini } from './fakes/gemini';
import type { TestContext } from './harness';

export interface AiTest {
  ctx: TestContext;
  fake: FakeGemini;
}

/**
 * The lifecycle every AI test file shares, registered in the suite it is called in: before its
 * tests, a fake Gemini and a test context wired to it (`env` on top of fakeGeminiEnv); after each
 * test, the fake's script and records cleared, so no test sees what another left; after them all,
 * both closed. `use` receives the pair once started (the file keeps its own `ctx` and `fake`).
 * Hooks the file registers afterwards run after this setup and, being after-hooks, before this
 * teardown.
 */
export function useAiTest(use: (started: AiTest) => void, env: Record<string, string> = {}): void {
  let started: AiTest | undefined;
  beforeAll(async () => {
    started = await startAiTest(env);
    use(started);
  });
  afterEach(() => started?.fake.core.reset());
  afterAll(async () => {
    await started?.ctx.close();
    await started?.fake.close();
  });
}
