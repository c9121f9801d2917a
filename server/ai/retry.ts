import { isRetryable, retryAfterMs } from './errors';

export interface RetryPolicy {
  maxRetries: number;
  baseMs: number;
  /** The longest wait between tries; a Retry-After above it ends the retries at once. */
  maxWaitMs: number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait before try number `retry` (0-based): the provider's hint, else exponential with jitter. */
export function backoffMs(retry: number, policy: RetryPolicy, err: unknown, random = Math.random): number | undefined {
  const hinted = retryAfterMs(err);
  if (hinted !== undefined) return hinted <= policy.maxWaitMs ? hinted : undefined;
  const cap = Math.min(policy.maxWaitMs, policy.baseMs * 2 ** retry);
  // Equal jitter: never zero (no hammering), never in lock-step with other callers.
  return cap / 2 + random() * (cap / 2);
}

/**
 * Calls `attempt` until it succeeds, retrying only what isRetryable allows (429, 500, 503, lost
 * connections) up to policy.maxRetries times. 400, 401, 403 and 404 fail at once.
 */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (err) {
      if (signal?.aborted || retry >= policy.maxRetries || !isRetryable(err)) throw err;
      const wait = backoffMs(retry, policy, err);
      if (wait === undefined) throw err;
      await sleep(wait, signal);
    }
  }
}
