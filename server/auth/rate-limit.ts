import { sql, type SQL } from 'drizzle-orm';
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

/** A counter row as the upsert returns it. */
export type RateRow = {
  window_start: string | number;
  count: number | string;
};

/**
 * The fixed-window upsert: the row is reset when its window has passed, otherwise incremented;
 * returns window_start and count. A statement of its own, or a CTE of a larger one.
 */
export function rateUpsert(key: string, rule: RateRule, now: number, cost = 1): SQL {
  const expired = now - rule.window;
  return sql`
    insert into rate_limit (key, window_start, count) values (${key}, ${now}, ${cost})
    on conflict (key) do update set
      count = case when rate_limit.window_start <= ${expired} then ${cost} else rate_limit.count + ${cost} end,
      window_start = case when rate_limit.window_start <= ${expired} then ${now} else rate_limit.window_start end
    returning window_start, count`;
}

/** What a counter row means under a rule. */
export function rateDecision(row: RateRow, rule: RateRule, now: number): RateDecision {
  const windowStart = Number(row.window_start);
  return {
    allowed: Number(row.count) <= rule.max,
    retryAfter: Math.max(1, Math.ceil((windowStart + rule.window - now) / 1000)),
  };
}

/**
 * Fixed-window counters in the database, so every app process shares them. One upsert per
 * check.
 */
export async function consumeRate(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<RateDecision> {
  const result = await db.execute<RateRow>(rateUpsert(key, rule, now));
  return rateDecision((result as { rows: RateRow[] }).rows[0]!, rule, now);
}

/** Drops counters whose window ended long ago; called now and then, never on the hot path. */
export async function pruneRates(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db.execute(sql`delete from rate_limit where window_start < ${now - olderThanMs}`);
}

/** A counter and the rule it is read under. */
export interface RateCounter {
  key: string;
  rule: RateRule;
}

/** Whether the counters let one more through, read without counting (for limits that count failures only). */
export interface RatePeek extends RateDecision {
  /** When the window of the counter that is full began (the latest one when several are); null when allowed. */
  fullSince: number | null;
}

/**
 * Reads the counters without counting: refused while any has no room for `cost` more within its
 * window. One statement, no lock. Pair it with `countRates` after the attempt (a failure, or the
 * work done).
 */
export async function peekRates(db: Db, counters: RateCounter[], now = Date.now(), cost = 1): Promise<RatePeek> {
  const result = await db.execute<{ key: string; window_start: string | number; count: number | string }>(
    sql`select key, window_start, count from rate_limit where key in (${sql.join(
      counters.map((c) => sql`${c.key}`),
      sql`, `,
    )})`,
  );
  let peek: RatePeek = { allowed: true, retryAfter: 0, fullSince: null };
  for (const row of (result as { rows: { key: string; window_start: string | number; count: number | string }[] }).rows) {
    const rule = counters.find((c) => c.key === row.key)!.rule;
    const start = Number(row.window_start);
    if (start <= now - rule.window || Number(row.count) + cost <= rule.max) continue;
    const retryAfter = Math.max(1, Math.ceil((start + rule.window - now) / 1000));
    peek = { allowed: false, retryAfter: Math.max(peek.retryAfter, retryAfter), fullSince: Math.max(peek.fullSince ?? 0, start) };
  }
  return peek;
}

/** Counts `cost` (one failure, or that many items) on each counter. */
export async function countRates(db: Db, counters: RateCounter[], now = Date.now(), cost = 1): Promise<void> {
  for (const c of counters) await db.execute(rateUpsert(c.key, c.rule, now, cost));
}
