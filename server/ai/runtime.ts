import type { AppDeps } from '../core/context';
import type { Generation } from './generation';
import { createProvider, type AiProvider } from './providers';

/**
 * The AI engine's per-process state: the configured provider and the replies being generated in
 * this process (so a repeated request joins a live reply, and a sweep knows what is alive here).
 */
export interface AiRuntime {
  provider: AiProvider | undefined;
  live: Map<string, Generation>;
  startedAt: Date;
}

const runtimes = new WeakMap<AppDeps, AiRuntime>();

/** The runtime of this app instance, created on first use. */
export function aiRuntime(deps: AppDeps): AiRuntime {
  let rt = runtimes.get(deps);
  if (!rt) {
    rt = { provider: createProvider(deps.config.ai), live: new Map(), startedAt: new Date() };
    runtimes.set(deps, rt);
  }
  return rt;
}

/** What /api/health and /api/ai report. */
export function aiProviderName(deps: AppDeps): 'gemini' | 'openai-compatible' | 'not configured' {
  return deps.config.ai.provider?.kind ?? 'not configured';
}
