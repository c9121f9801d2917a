import { describe, expect, it } from 'vitest';
import { isRetryableStatus, uploadErrorFor } from './errors';
import { backoffDelay, CHUNK_CAP, FIRST_CHUNK, nextChunkSize, RetryBudget } from './retry';

describe('the upload client rules', () => {
  it('starts chunks at 256 KiB and doubles them, staying below 32 MiB', () => {
    const sizes = [FIRST_CHUNK];
    for (let i = 0; i < 10; i++) sizes.push(nextChunkSize(sizes.at(-1)!));
    expect(sizes.map((s) => s / 1024)).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384, 16384, 16384, 16384, 16384]);
    expect(Math.max(...sizes)).toBeLessThan(CHUNK_CAP);
  });

  it('backs off exponentially with jitter, up to a cap', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, () => 0))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });

  it('retries a run of failures until the maximum time, and starts over after progress', () => {
    let now = 0;
    const budget = new RetryBudget(10_000, () => now);
    const waits: number[] = [];
    for (let d = budget.nextDelay(); d !== undefined; d = budget.nextDelay()) {
      waits.push(d);
      now += d;
    }
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
    budget.succeeded();
    expect(budget.nextDelay()).toBeDefined();
  });

  it('retries network failures, 408, 429 and 5xx only, and gives 401, 402, 403 and 404 their own messages', () => {
    expect([0, 408, 429, 500, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 402, 403, 404, 413, 415].some(isRetryableStatus)).toBe(false);
    const kinds = [401, 402, 403, 404].map((s) => uploadErrorFor(s));
    expect(kinds.map((k) => k.kind)).toEqual(['unauthenticated', 'quota', 'forbidden', 'not_found']);
    expect(new Set(kinds.map((k) => k.message)).size).toBe(4);
    const quota = uploadErrorFor(
      402,
      JSON.stringify({
        error: { code: 'quota_exceeded', message: 'Your storage is full: you have used 499 MiB of 500 MiB.', requestId: 'r' },
      }),
    );
    expect(quota.message).toBe('Your storage is full: you have used 499 MiB of 500 MiB.');
  });
});
