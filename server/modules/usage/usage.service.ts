import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isPremium } from '../../../contract/subscription';
import type { AiConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { AppError } from '../../lib/errors';
import { planMemo } from '../../core/plan-changes';
import { resolveSubscription, type PlanSettings } from '../../core/plan';
import { message } from '../../lib/message';

export type UsageKind = 'text' | 'image';

/** The calendar month (UTC) that `now` falls in, and the first instant of the next one. */
export function monthWindow(now = new Date()): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}

export interface Pool {
  ownerId: string;
  premium: boolean;
  schoolId: string | null;
  limits: { text: number; images: number };
}

// A send's hot path reads the plan once per process and minute instead of three statements a call
// (docs/decisions/032-plan-cache-and-plan-change-notices.md); a plan change heard on the database
// forgets the entry at once, so the minute only bounds a missed notice.
const rememberedPool = planMemo<Pool>(60_000);

/**
 * The quota pool of a user (a student's run passes their teacher): plan limits from docs/product/roles-and-plans.md#plans-and-limits,
 * remembered per process until the plan changes (or a minute passes).
 */
export function resolvePool(db: Db, ai: AiConfig, ownerId: string, settings: PlanSettings): Promise<Pool> {
  return rememberedPool(db, ownerId, '', () => loadPool(db, ai, ownerId, settings));
}

async function loadPool(db: Db, ai: AiConfig, ownerId: string, settings: PlanSettings): Promise<Pool> {
  const [owner] = await db
    .select({ id: schema.user.id, email: schema.user.email, emailVerified: schema.user.emailVerified, role: schema.user.role })
    .from(schema.user)
    .where(eq(schema.user.id, ownerId));
  if (!owner) throw new AppError('not_found', 404, message('quotaOwnerNotFound'));
  const sub = await resolveSubscription(db, { user: owner, settings });
  const premium = isPremium(sub.status);
  return { ownerId, premium, schoolId: sub.school_id, limits: premium ? ai.quotas.premium : ai.quotas.free };
}

export interface Reservation {
  userId: string;
  pool: Pool;
  kind: UsageKind;
  botId: string | null;
  conversationId: string | null;
  messageId: string | null;
  provider: string;
  model: string;
}

/** The counter's month key: the calendar month in UTC, 'YYYY-MM'. */
export const monthKey = (at: Date) => at.toISOString().slice(0, 7);

/**
 * The quota counter's upsert, a whole statement: raises the pool's month counter only while under
 * the limit, and only where `gate` holds; returns `used` (no row: nothing counted). A caller
 * places it in its own statement under a name of its choosing.
 */
export function quotaCount(r: Reservation, now: Date, gate: SQL = sql`true`): SQL {
  return sql`insert into ai_quota_use (pool_owner_id, month, kind, used) select ${r.pool.ownerId}, ${monthKey(now)}, ${r.kind}, 1 where ${gate}
    on conflict (pool_owner_id, month, kind) do update set used = ai_quota_use.used + 1 where ai_quota_use.used < ${limitOf(r)}
    returning used`;
}

/**
 * The pending usage row, a whole statement: inserted once for each row of `from` (the caller's
 * FROM source: its count, and whatever else must hold), so nothing counted is nothing recorded.
 * Returns `id`.
 */
export function pendingUsage(r: Reservation, now: Date, from: SQL): SQL {
  return sql`insert into ai_usage (user_id, pool_owner_id, school_id, bot_id, conversation_id, message_id, kind, provider, model, outcome, created_at)
    select ${r.userId}, ${r.pool.ownerId}, ${r.pool.schoolId}::uuid, ${r.botId}, ${r.conversationId}::uuid, ${r.messageId}::uuid, ${r.kind}, ${r.provider}, ${r.model}, 'pending', ${now.toISOString()}::timestamptz
    from ${from}
    returning id`;
}

const limitOf = (r: Pick<Reservation, 'kind' | 'pool'>) => (r.kind === 'text' ? r.pool.limits.text : r.pool.limits.images);

/** Gives back the month count of a reservation whose call was then not made. */
export async function uncount(db: Db, r: Pick<Reservation, 'kind' | 'pool'>, now = new Date()) {
  await db.execute(
    sql`update ai_quota_use set used = greatest(used - 1, 0) where pool_owner_id = ${r.pool.ownerId} and month = ${monthKey(now)} and kind = ${r.kind}`,
  );
}

/** The 429 of a reservation that found its pool's month used up. */
export function quotaExceededFor(r: Pick<Reservation, 'kind' | 'pool' | 'userId'>, now = new Date()): AppError {
  return quotaExceeded(r.kind, limitOf(r), monthWindow(now).resetsAt, r.pool.premium, r.userId !== r.pool.ownerId);
}

/**
 * Checks the pool's monthly quota, counts the call and records it as pending: one statement in the
 * caller's short transaction. The counter row is raised only while under the limit, so a burst
 * cannot overshoot, and concurrent calls of one pool wait on that row only until the commit.
 */
export async function reserveUsage(tx: Tx, r: Reservation, now = new Date()): Promise<string> {
  if (limitOf(r) <= 0) throw quotaExceededFor(r, now);
  const result = await tx.execute<{ id: string }>(sql`with counted as (${quotaCount(r, now)}) ${pendingUsage(r, now, sql`counted`)}`);
  const row = (result as { rows: { id: string }[] }).rows[0];
  if (!row) throw quotaExceededFor(r, now);
  return row.id;
}

function quotaExceeded(kind: UsageKind, limit: number, resetsAt: Date, premium: boolean, student: boolean): AppError {
  const upgrade = !premium && !student;
  const texts = student
    ? { text: message('classUsedText', { limit }), image: message('classUsedImages', { limit }) }
    : upgrade
      ? { text: message('youUsedTextPremium', { limit }), image: message('youUsedImagesPremium', { limit }) }
      : { text: message('youUsedText', { limit }), image: message('youUsedImages', { limit }) };
  return new AppError(
    'quota_exceeded',
    429,
    // The reset date rides in fields.resetsAt, and the page adds it once in the reader's own date format.
    texts[kind],
    {
      fields: { resetsAt: resetsAt.toISOString(), kind, limit: String(limit), upgrade: upgrade ? 'premium' : '' },
    },
  );
}

export interface UsageOutcome {
  outcome: 'ok' | 'interrupted' | 'blocked' | 'error';
  errorCode?: string | null;
  inputTokens?: number;
  outputTokens?: number;
  images?: number;
  latencyMs?: number;
}

/**
 * Completes a pending usage row with what the call used and how it ended, a whole statement.
 * Returns the row's `pool_owner_id`, `kind`, `month` (the one it was counted in) and `gives_back`:
 * this call failed and the row had not failed before, so its count goes back (quotaGiveBack).
 */
export function usageFinished(id: string, o: UsageOutcome): SQL {
  // `earlier` is read in the statement's snapshot: the row's outcome before this update.
  return sql`update ai_usage u set outcome = ${o.outcome}, error_code = ${o.errorCode ?? null}, input_tokens = ${o.inputTokens ?? 0}::int,
      output_tokens = ${o.outputTokens ?? 0}::int, images = ${o.images ?? 0}::int, latency_ms = ${o.latencyMs ?? null}::int
    from (select id, outcome from ai_usage where id = ${id}) as earlier
    where u.id = ${id} and earlier.id = u.id
    returning u.pool_owner_id, u.kind, to_char(u.created_at at time zone 'UTC', 'YYYY-MM') as month,
      (${o.outcome}::text = 'error' and earlier.outcome <> 'error') as gives_back`;
}

/**
 * Gives back one month count for each row of `from` whose `gives_back` holds (rows as
 * usageFinished returns them: pool_owner_id, kind, month, gives_back), a whole statement.
 */
export function quotaGiveBack(from: SQL): SQL {
  return sql`update ai_quota_use q set used = greatest(q.used - 1, 0)
    from ${from} as b
    where b.gives_back and q.pool_owner_id = b.pool_owner_id and q.kind = b.kind and q.month = b.month`;
}

/** Completes a pending usage row, giving its count back when the call failed: one statement. */
export async function finishUsage(db: Db, id: string, o: UsageOutcome): Promise<void> {
  await db.execute(sql`with finished as (${usageFinished(id, o)}) ${quotaGiveBack(sql`finished`)}`);
}

/** This month's counted calls of a pool, by kind. */
export async function monthUsage(db: Db, poolOwnerId: string, now = new Date()): Promise<{ text: number; images: number }> {
  const rows = await db
    .select({ kind: schema.aiQuotaUse.kind, used: schema.aiQuotaUse.used })
    .from(schema.aiQuotaUse)
    .where(and(eq(schema.aiQuotaUse.poolOwnerId, poolOwnerId), eq(schema.aiQuotaUse.month, monthKey(now))));
  return { text: rows.find((r) => r.kind === 'text')?.used ?? 0, images: rows.find((r) => r.kind === 'image')?.used ?? 0 };
}
