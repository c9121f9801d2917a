import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { AppError, invalidFields } from '../../lib/errors';
import { message } from '../../lib/message';
import { auditSnapshot, recordAudit } from '../../core/audit';
import { planChanged } from '../../core/plan-changes';
import { premiumStatusOf, type PlanSettings } from '../../core/plan';
import { findUserByEmail } from '../users';
import { dayField, emailField, endOfDayUtc, parseInput, todayUtc } from './inputs';

type Row = typeof schema.customerSubscription.$inferSelect;

/**
 * Who changes a subscription by hand: the operator's command line now; a support person through
 * superDash later (issue 18). Written into the audit log with each change.
 */
export type GrantActor = { kind: 'cli' } | { kind: 'support'; userId: string; label: string };

export const grantInput = z.object({
  email: emailField,
  status: z.enum(['active', 'trialing'], { error: 'must be active or trialing' }),
  /** Last day of the grant (inclusive, UTC); null = open-ended. */
  until: dayField.nullable().default(null),
});

export const extendInput = z
  .object({
    email: emailField,
    /** The grant's new last day (inclusive, UTC). */
    until: dayField.optional(),
    /** Days added to the grant's end (to today when it has passed). */
    days: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .optional(),
  })
  .refine((v) => (v.until === undefined) !== (v.days === undefined), { message: 'give either until or days', path: ['until'] });

const DAY_MS = 86_400_000;

const manualOf = (userId: string) =>
  and(eq(schema.customerSubscription.userId, userId), eq(schema.customerSubscription.provider, 'manual'));

/** Records a hand-made change in the same transaction, and tells every process the user's plan changed. */
async function recorded(
  tx: Tx,
  actor: GrantActor,
  action: 'subscription.grant' | 'subscription.extend' | 'subscription.revoke',
  userId: string,
  before: Row | null,
  after: Row | null,
) {
  await recordAudit(tx, {
    actorKind: actor.kind,
    actorUserId: actor.kind === 'support' ? actor.userId : null,
    actorLabel: actor.kind === 'support' ? actor.label : 'command line',
    action,
    subjectUserId: userId,
    entity: 'customer_subscription',
    entityId: (after ?? before)?.id ?? null,
    before: auditSnapshot(before),
    after: auditSnapshot(after),
  });
  await planChanged(tx, userId);
}

/**
 * Grants an individual subscription by hand. A user has at most one manual grant: granting
 * again replaces the earlier one, so the latest command is what holds.
 */
export async function grantSubscription(db: Db, input: z.input<typeof grantInput>, actor: GrantActor, now = new Date()) {
  const data = parseInput(grantInput, input);
  if (data.until !== null && data.until < todayUtc(now)) {
    throw invalidFields({ until: 'is in the past' });
  }
  const user = await findUserByEmail(db, data.email);
  return db.transaction(async (tx) => {
    const replaced = await tx.delete(schema.customerSubscription).where(manualOf(user.id)).returning();
    const [row] = await tx
      .insert(schema.customerSubscription)
      .values({
        userId: user.id,
        status: data.status,
        provider: 'manual',
        currentPeriodEnd: data.until === null ? null : endOfDayUtc(data.until),
      })
      .returning();
    await recorded(tx, actor, 'subscription.grant', user.id, replaced[0] ?? null, row!);
    return { user, subscription: row!, replaced: replaced.length > 0 };
  });
}

/**
 * Moves the end of a user's manual grant: to a given last day, or N days on (from today when the
 * grant has already lapsed, so the days are days of premium). An open-ended grant has no end to add
 * days to; a Stripe subscription is the provider's to change.
 */
export async function extendSubscription(db: Db, input: z.input<typeof extendInput>, actor: GrantActor, now = new Date()) {
  const data = parseInput(extendInput, input);
  if (data.until !== undefined && data.until < todayUtc(now)) {
    throw invalidFields({ until: 'is in the past' });
  }
  const user = await findUserByEmail(db, data.email);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(schema.customerSubscription).where(manualOf(user.id)).for('update').limit(1);
    if (!before) throw new AppError('not_found', 404, message('noGrantToExtend', { email: user.email }));
    let end: Date;
    if (data.until !== undefined) end = endOfDayUtc(data.until);
    else {
      if (!before.currentPeriodEnd) {
        throw invalidFields({ days: 'the grant has no end date' });
      }
      // Grants end at the last instant of a day (UTC); a lapsed one counts its days from the end of today.
      const from = before.currentPeriodEnd > now ? before.currentPeriodEnd : endOfDayUtc(todayUtc(now));
      end = new Date(from.getTime() + data.days! * DAY_MS);
    }
    const [after] = await tx
      .update(schema.customerSubscription)
      .set({ currentPeriodEnd: end, updatedAt: now })
      .where(eq(schema.customerSubscription.id, before.id))
      .returning();
    await recorded(tx, actor, 'subscription.extend', user.id, before, after!);
    return { user, subscription: after!, previousEnd: before.currentPeriodEnd };
  });
}

/**
 * Removes a user's manual grants. Billing (Stripe) subscriptions are the provider's to end, so
 * they stay; `otherActive` tells the caller one still makes the user premium.
 */
export async function revokeSubscription(db: Db, input: { email: string }, actor: GrantActor, settings: PlanSettings, now = new Date()) {
  const { email } = parseInput(z.object({ email: emailField }), input);
  const user = await findUserByEmail(db, email);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(schema.customerSubscription).where(manualOf(user.id)).returning();
    for (const row of removed) await recorded(tx, actor, 'subscription.revoke', user.id, row, null);
    const others = await tx
      .select()
      .from(schema.customerSubscription)
      .where(and(eq(schema.customerSubscription.userId, user.id), inArray(schema.customerSubscription.provider, ['stripe'])));
    const other = others.find((r) => premiumStatusOf(r, now, settings.billing.pastDueGraceDays) !== null);
    return { user, revoked: removed.length, otherActive: other?.provider ?? null };
  });
}
