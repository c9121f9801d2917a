import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface RateRule {
  /** Window length in milliseconds. */
  window: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

/**
 * Fixed-window counters in the database, so every app process shares them. One upsert per
 * check: the row is reset when its window has passed, otherwise incremented.
 */
export async function consumeRate(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<RateDecision> {
  const expired = now - rule.window;
  const result = await db.execute<{ window_start: string | number; count: number }>(sql`
    insert into rate_limit (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when rate_limit.window_start <= ${expired} then 1 else rate_limit.count + 1 end,
      window_start = case when rate_limit.window_start <= ${expired} then ${now} else rate_limit.window_start end
    returning window_start, count`);
  const row = (result as { rows: { window_start: string | number; count: number }[] }).rows[0]!;
  const windowStart = Number(row.window_start);
  return {
    allowed: row.count <= rule.max,
    retryAfter: Math.max(1, Math.ceil((windowStart + rule.window - now) / 1000)),
  };
}

/** Drops counters whose window ended long ago; called now and then, never on the hot path. */
export async function pruneRates(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db.execute(sql`delete from rate_limit where window_start < ${now - olderThanMs}`);
}
