/** Chunk sizes of resumable uploads: start at 256 KiB, double after each good chunk, stay below 32 MiB. */
export const FIRST_CHUNK = 256 * 1024;
export const CHUNK_CAP = 32 * 1024 * 1024;

export function nextChunkSize(current: number): number {
  return current * 2 < CHUNK_CAP ? current * 2 : current;
}

/**
 * Exponential backoff with jitter: attempt n waits between half and all of min(cap, base * 2^n),
 * so many clients cut off at once do not come back in step.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, baseMs = 500, capMs = 30_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Keeps track of a run of failures: retry while the next wait still ends within maxMs of the
 * first failure; a success (progress) starts a new run.
 */
export class RetryBudget {
  private firstFailureAt: number | undefined;
  private attempt = 0;

  constructor(
    private readonly maxMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The wait before the next attempt, or undefined when the time is up. */
  nextDelay(): number | undefined {
    const now = this.now();
    this.firstFailureAt ??= now;
    const delay = backoffDelay(this.attempt);
    if (now - this.firstFailureAt + delay > this.maxMs) return undefined;
    this.attempt++;
    return delay;
  }

  succeeded(): void {
    this.firstFailureAt = undefined;
    this.attempt = 0;
  }
}
