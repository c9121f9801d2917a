import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { isPremium } from '../../../contract/subscription';
import type { AiConfig } from '../../config';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { AppError } from '../../lib/errors';
import { resolveSubscription } from '../subscription/subscription.service';

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

// Plans change rarely; a minute's delay before a new plan's limits apply saves three queries a call.
const poolCache = new WeakMap<Db, Map<string, { pool: Pool; until: number }>>();
const POOL_TTL_MS = 60_000;

/**
 * The quota pool of a user (a student's run passes their teacher): plan limits from PRODUCT.md 5,
 * remembered for a minute per process.
 */
export async function resolvePool(db: Db, ai: AiConfig, ownerId: string, supportEmail: string | undefined): Promise<Pool> {
  let cache = poolCache.get(db);
  if (!cache) poolCache.set(db, (cache = new Map<string, { pool: Pool; until: number }>()));
  const hit = cache.get(ownerId);
  if (hit && hit.until > Date.now()) return hit.pool;
  const pool = await loadPool(db, ai, ownerId, supportEmail);
  if (cache.size > 10_000) cache.clear();
  cache.set(ownerId, { pool, until: Date.now() + POOL_TTL_MS });
  return pool;
}

async function loadPool(db: Db, ai: AiConfig, ownerId: string, supportEmail: string | undefined): Promise<Pool> {
  const [owner] = await db
    .select({ id: schema.user.id, email: schema.user.email, emailVerified: schema.user.emailVerified, role: schema.user.role })
    .from(schema.user)
    .where(eq(schema.user.id, ownerId));
  if (!owner) throw new AppError('not_found', 404, 'The account whose AI quota this run uses was not found.');
  const sub = await resolveSubscription(db, { user: owner, supportEmail });
  const premium = isPremium(sub.status);
  return { ownerId, premium, schoolId: sub.school_id, limits: premium ? ai.quotas.premium : ai.quotas.free };
}

// Failed calls do not count: the user got nothing from them.
const counted = ['pending', 'ok', 'interrupted', 'blocked'];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/**
 * Checks the pool's monthly quota and records the call as pending, in the caller's short
 * transaction. A per-pool advisory lock makes concurrent calls count one after another, so a
 * burst cannot overshoot the quota.
 */
export async function reserveUsage(tx: Tx, r: Reservation, now = new Date()): Promise<string> {
  const { start, resetsAt } = monthWindow(now);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ai-quota:${r.pool.ownerId}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(schema.aiUsage)
    .where(and(eq(schema.aiUsage.poolOwnerId, r.pool.ownerId), eq(schema.aiUsage.kind, r.kind), gte(schema.aiUsage.createdAt, start), inArray(schema.aiUsage.outcome, counted)));
  const limit = r.kind === 'text' ? r.pool.limits.text : r.pool.limits.images;
  if ((row?.n ?? 0) >= limit) throw quotaExceeded(r.kind, limit, resetsAt, r.pool.premium, r.userId !== r.pool.ownerId);
  const [usage] = await tx
    .insert(schema.aiUsage)
    .values({
      userId: r.userId,
      poolOwnerId: r.pool.ownerId,
      schoolId: r.pool.schoolId,
      botId: r.botId,
      conversationId: r.conversationId,
      messageId: r.messageId,
      kind: r.kind,
      provider: r.provider,
      model: r.model,
      outcome: 'pending',
      createdAt: now,
    })
    .returning({ id: schema.aiUsage.id });
  return usage!.id;
}

function quotaExceeded(kind: UsageKind, limit: number, resetsAt: Date, premium: boolean, student: boolean): AppError {
  const what = kind === 'text' ? 'AI generations' : 'AI images';
  const day = resetsAt.toISOString().slice(0, 10);
  const whose = student ? "Your teacher's class has" : 'You have';
  const upgrade = !premium && !student ? ' Get Premium for a larger monthly allowance.' : '';
  return new AppError('quota_exceeded', 429, `${whose} used all ${limit} ${what} for this month. The quota resets on ${day} (UTC).${upgrade}`, {
    fields: { resetsAt: resetsAt.toISOString(), kind, limit: String(limit), upgrade: upgrade ? 'premium' : '' },
  });
}

export interface UsageOutcome {
  outcome: 'ok' | 'interrupted' | 'blocked' | 'error';
  errorCode?: string | null;
  inputTokens?: number;
  outputTokens?: number;
  images?: number;
  latencyMs?: number;
}

/** Completes a pending usage row with what the call used and how it ended. */
export async function finishUsage(db: Db, id: string, o: UsageOutcome): Promise<void> {
  await db
    .update(schema.aiUsage)
    .set({
      outcome: o.outcome,
      errorCode: o.errorCode ?? null,
      inputTokens: o.inputTokens ?? 0,
      outputTokens: o.outputTokens ?? 0,
      images: o.images ?? 0,
      latencyMs: o.latencyMs ?? null,
    })
    .where(eq(schema.aiUsage.id, id));
}

/** This month's counted calls of a pool, by kind. */
export async function monthUsage(db: Db, poolOwnerId: string, now = new Date()): Promise<{ text: number; images: number }> {
  const { start } = monthWindow(now);
  const rows = await db
    .select({ kind: schema.aiUsage.kind, n: count() })
    .from(schema.aiUsage)
    .where(and(eq(schema.aiUsage.poolOwnerId, poolOwnerId), gte(schema.aiUsage.createdAt, start), inArray(schema.aiUsage.outcome, counted)))
    .groupBy(schema.aiUsage.kind);
  return { text: rows.find((r) => r.kind === 'text')?.n ?? 0, images: rows.find((r) => r.kind === 'image')?.n ?? 0 };
}
