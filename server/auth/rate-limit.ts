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
  await countAndDecide(db, counters, now, cost);
}

/**
 * Counts `cost` on every counter and answers what the counts now mean, in one statement (each
 * counter's upsert a CTE of it): concurrent attempts each see their own count, so a limit of 60
 * lets exactly 60 through however many arrive at once. Refused when any counter went past its max.
 */
export async function countAndDecide(db: Db, counters: RateCounter[], now = Date.now(), cost = 1): Promise<RateDecision> {
  const ctes = counters.map((c, i) => sql`${sql.raw(`c${i}`)} as (${rateUpsert(c.key, c.rule, now, cost)})`);
  const reads = counters.map((_, i) => sql`select ${i}::int as i, window_start, count from ${sql.raw(`c${i}`)}`);
  const result = await db.execute<RateRow & { i: number }>(sql`with ${sql.join(ctes, sql`, `)} ${sql.join(reads, sql` union all `)}`);
  let decision: RateDecision = { allowed: true, retryAfter: 0 };
  for (const row of (result as { rows: (RateRow & { i: number })[] }).rows) {
    const d = rateDecision(row, counters[Number(row.i)]!.rule, now);
    if (!d.allowed) decision = { allowed: false, retryAfter: Math.max(decision.retryAfter, d.retryAfter) };
  }
  return decision;
}

/** A reservation of room on a counter: what `releaseRate` gives back the unused part of. */
export interface RateReservation extends RateDecision {
  /** The window the room was taken from (null when refused). */
  windowStart: number | null;
}

/**
 * Takes `cost` of a counter's room in one statement, or nothing when the room is not there: the
 * read and the write are one, so requests at once cannot each see the same room (issue 39, item 2).
 * Give back what the work did not use with `releaseRate`.
 */
export async function reserveRate(db: Db, counter: RateCounter, cost: number, now = Date.now()): Promise<RateReservation> {
  const { key, rule } = counter;
  const expired = now - rule.window;
  const taken = await db.execute<RateRow>(sql`
    insert into rate_limit (key, window_start, count) select ${key}, ${now}, ${cost}::int where ${cost}::int <= ${rule.max}::int
    on conflict (key) do update set
      count = case when rate_limit.window_start <= ${expired} then ${cost}::int else rate_limit.count + ${cost}::int end,
      window_start = case when rate_limit.window_start <= ${expired} then ${now} else rate_limit.window_start end
    where rate_limit.window_start <= ${expired} or rate_limit.count + ${cost}::int <= ${rule.max}::int
    returning window_start, count`);
  const row = (taken as { rows: RateRow[] }).rows[0];
  if (row) return { allowed: true, retryAfter: 0, windowStart: Number(row.window_start) };
  const peek = await peekRates(db, [counter], now, cost);
  return { allowed: false, retryAfter: Math.max(1, peek.retryAfter), windowStart: null };
}

/** Gives back `unused` of a reservation, if its window is still the counter's. */
export async function releaseRate(db: Db, counter: RateCounter, reservation: RateReservation, unused: number): Promise<void> {
  if (reservation.windowStart === null || unused <= 0) return;
  await db.execute(
    sql`update rate_limit set count = greatest(0, count - ${unused}::int) where key = ${counter.key} and window_start = ${reservation.windowStart}`,
  );
}
