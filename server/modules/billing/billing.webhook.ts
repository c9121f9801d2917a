import { eq, lte, sql } from 'drizzle-orm';
import type { BillingInterval } from '../../../contract/billing';
import type { StripeConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { auditSnapshot, recordAudit } from '../../core/audit';
import { planChanged } from '../../core/plan-changes';
import { stripeClient, StripeErrors, type Stripe } from './billing.stripe';

/** The events that may change a teacher's subscription; every other event is only recorded. */
export const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type WebhookOutcome =
  /** Applied now: the subscription row as Stripe holds it. */
  | { kind: 'applied'; userId: string; subscriptionId: string }
  /** This event id was applied before: nothing changed. */
  | { kind: 'duplicate' }
  /** Recorded; the row already holds a copy of the subscription read after this event's. */
  | { kind: 'superseded' }
  /** Recorded, nothing to change (another event type, no subscription in it, one Stripe does not have, an unknown customer). */
  | { kind: 'recorded'; reason: 'ignored_type' | 'no_subscription' | 'unknown_subscription' | 'unknown_user' };

const idOf = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') return (v as { id: string }).id;
  return null;
};

/** The subscription an event is about: a session's, an invoice's (parent.subscription_details on current API versions), or the event's own. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === 'checkout.session.completed') return object.mode === 'subscription' ? idOf(object.subscription) : null;
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
  }
  if (event.type.startsWith('customer.subscription.')) return idOf(object.id);
  return null;
}

/** True when this event id was applied before (checked first, so a redelivery costs no Stripe call). */
export async function alreadyApplied(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.billingEvent.id })
    .from(schema.billingEvent)
    .where(eq(schema.billingEvent.id, eventId))
    .limit(1);
  return Boolean(row);
}

async function recordEvent(tx: Tx, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx
    .insert(schema.billingEvent)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: schema.billingEvent.id });
  return inserted.length > 0;
}

/** The user a Stripe subscription belongs to: by its customer, else by the userId our checkout put in its metadata (an existing user). */
async function userFor(tx: Tx, customerId: string, metadataUserId: string | undefined): Promise<string | null> {
  const [byCustomer] = await tx
    .select({ userId: schema.billingCustomer.userId })
    .from(schema.billingCustomer)
    .where(eq(schema.billingCustomer.stripeCustomerId, customerId))
    .limit(1);
  if (byCustomer) return byCustomer.userId;
  if (!metadataUserId) return null;
  const [user] = await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, metadataUserId)).limit(1);
  if (!user) return null;
  // Keep the link, so later events (and the portal) find this customer; an existing customer of the user stays.
  await tx.insert(schema.billingCustomer).values({ userId: user.id, stripeCustomerId: customerId }).onConflictDoNothing();
  return user.id;
}

const toDate = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** The columns of customer_subscription that mirror a Stripe subscription. */
function mirror(sub: Stripe.Subscription) {
  const item = sub.items.data[0];
  const price = item?.price;
  const recurring: string | undefined = price?.recurring?.interval;
  const interval: BillingInterval | null = recurring === 'month' ? 'month' : recurring === 'year' ? 'year' : null;
  // Current API versions keep the period on the item; older ones on the subscription itself.
  const periodEnd = item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return {
    status: sub.status,
    currentPeriodEnd: toDate(periodEnd),
    trialEnd: toDate(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    priceId: price?.id ?? null,
    interval,
    providerCustomerId: idOf(sub.customer),
  };
}

/**
 * The subscription as Stripe holds it now; null when Stripe has no such subscription (an event of
 * another account's or deleted test data: retrying would not help). Any other failure throws.
 */
async function readSubscription(config: StripeConfig, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripeClient(config).subscriptions.retrieve(id);
  } catch (err) {
    if (err instanceof StripeErrors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
    throw err;
  }
}

/**
 * Applies one verified event. The subscription's current state is read from Stripe first (outside
 * any transaction), so the order events arrive in does not matter; then, in one transaction, the
 * event id is recorded (a second delivery finds it and changes nothing), the row is written, the
 * audit entry made and every process told the plan changed. Throws on any failure: the caller
 * answers 500 and Stripe sends the event again.
 */
export async function applyEvent(db: Db, config: StripeConfig, event: Stripe.Event): Promise<WebhookOutcome> {
  const subscriptionId = SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionIdOf(event) : null;
  // When this copy was read: a row already holding a later read is newer than it (see below).
  const readAt = new Date();
  const current = subscriptionId ? await readSubscription(config, subscriptionId) : null;

  return db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await recordEvent(tx, event))) return { kind: 'duplicate' };
    if (!current) {
      const reason = !SUBSCRIPTION_EVENTS.has(event.type) ? 'ignored_type' : subscriptionId ? 'unknown_subscription' : 'no_subscription';
      return { kind: 'recorded', reason };
    }
    const fields = mirror(current);
    const customerId = fields.providerCustomerId;
    const userId = customerId ? await userFor(tx, customerId, current.metadata?.userId) : null;
    if (!userId) return { kind: 'recorded', reason: 'unknown_user' };

    const cs = schema.customerSubscription;
    const [before] = await tx.select().from(cs).where(eq(cs.providerSubscriptionId, current.id)).for('update').limit(1);
    // A Stripe row's updated_at is when its copy was read from Stripe. Two events for one
    // subscription handled at once: the copy read later wins, whichever transaction commits last.
    if (before && before.updatedAt > readAt) return { kind: 'superseded' };
    // Premium holds for the grace period counted from when the subscription first became past_due.
    const pastDueSince =
      fields.status === 'past_due' ? (before?.status === 'past_due' && before.pastDueSince ? before.pastDueSince : readAt) : null;
    const values = { ...fields, userId, pastDueSince, provider: 'stripe' as const, providerSubscriptionId: current.id, updatedAt: readAt };
    const [after] = await tx
      .insert(cs)
      .values(values)
      // The row may have been created by a concurrent event since `before` was read: the same rule.
      .onConflictDoUpdate({ target: cs.providerSubscriptionId, set: values, setWhere: lte(cs.updatedAt, readAt) })
      .returning();
    if (!after) return { kind: 'superseded' };

    if (fields.trialEnd || fields.status === 'trialing') {
      await tx
        .update(schema.billingCustomer)
        .set({ trialUsedAt: sql`coalesce(${schema.billingCustomer.trialUsedAt}, now())` })
        .where(eq(schema.billingCustomer.userId, userId));
    }
    await recordAudit(tx, {
      actorKind: 'stripe',
      actorLabel: event.id,
      action: 'subscription.sync',
      subjectUserId: userId,
      entity: 'customer_subscription',
      entityId: after.id,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    await planChanged(tx, userId);
    return { kind: 'applied', userId, subscriptionId: current.id };
  });
}
