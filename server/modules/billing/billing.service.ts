import { and, eq, inArray } from 'drizzle-orm';
import type { BillingInterval, RedirectUrl } from '../../../contract/billing';
import type { Subscription } from '../../../contract/subscription';
import type { Config, StripeConfig } from '../../config';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { trialAvailable } from './billing.catalog';
import { isStripeUnreachable, stripeClient } from './billing.stripe';
import { message, type ServerMessage } from '../../lib/message';

/** Stripe statuses of a subscription the teacher still has (and manages in the portal): no second checkout. */
export const LIVE_STRIPE_STATUSES = ['trialing', 'active', 'past_due'] as const;

/** Stripe settings, or the 404 of an installation without them. */
export function requireStripe(config: Config): StripeConfig {
  const stripe = config.billing.stripe;
  if (!stripe) {
    throw new AppError('billing_not_configured', 404, message('paymentsNotSetUp'));
  }
  return stripe;
}

/** The failure of a Stripe call, as the teacher sees it: try again (Stripe unreachable) or a logged 500. */
function stripeFailure(err: unknown, what: ServerMessage | string): AppError {
  if (isStripeUnreachable(err)) {
    return new AppError('unavailable', 503, message('serviceUnreachable', { service: what }), { log: true, cause: err });
  }
  return new AppError('internal', 500, message('serviceNotOpened', { service: what }), {
    log: true,
    cause: err,
  });
}

async function customerOf(db: Db, userId: string) {
  const [row] = await db.select().from(schema.billingCustomer).where(eq(schema.billingCustomer.userId, userId)).limit(1);
  return row;
}

/**
 * The teacher's Stripe customer, created on their first checkout. The idempotency key is per user:
 * a double click (two checkouts at once) makes one customer at Stripe, and both keep the same row.
 */
async function ensureCustomer(db: Db, stripe: StripeConfig, user: { id: string; email: string }): Promise<string> {
  const existing = await customerOf(db, user.id);
  if (existing) return existing.stripeCustomerId;
  let customerId: string;
  try {
    const customer = await stripeClient(stripe).customers.create(
      { email: user.email, metadata: { userId: user.id } },
      { idempotencyKey: `classbots-customer-${user.id}` },
    );
    customerId = customer.id;
  } catch (err) {
    throw stripeFailure(err, 'Stripe');
  }
  await db.insert(schema.billingCustomer).values({ userId: user.id, stripeCustomerId: customerId }).onConflictDoNothing();
  // A concurrent first checkout may have written the row first: use whatever is kept.
  return (await customerOf(db, user.id))?.stripeCustomerId ?? customerId;
}

/** The 409s of a teacher who already has premium that Checkout would duplicate. */
async function refuseIfCovered(db: Db, userId: string, sub: Subscription) {
  if (sub.status === 'active school') {
    throw conflict(message('schoolCovers'));
  }
  const [live] = await db
    .select({ id: schema.customerSubscription.id })
    .from(schema.customerSubscription)
    .where(
      and(
        eq(schema.customerSubscription.userId, userId),
        eq(schema.customerSubscription.provider, 'stripe'),
        inArray(schema.customerSubscription.status, [...LIVE_STRIPE_STATUSES]),
      ),
    )
    .limit(1);
  if (live) {
    throw conflict(message('alreadySubscribed'));
  }
}

/**
 * A Stripe Checkout session (subscription mode) for the teacher; the browser goes to its url. The
 * trial is offered only while the teacher has never had one nor any Stripe subscription. The
 * success page grants nothing: only the webhook writes subscriptions.
 */
export async function startCheckout(
  db: Db,
  config: Config,
  user: { id: string; email: string },
  sub: Subscription,
  interval: BillingInterval,
): Promise<RedirectUrl> {
  const stripe = requireStripe(config);
  await refuseIfCovered(db, user.id, sub);
  const customer = await ensureCustomer(db, stripe, user);
  const trial = await trialAvailable(db, user.id);
  try {
    const session = await stripeClient(stripe).checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: stripe.prices[interval], quantity: 1 }],
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: {
        metadata: { userId: user.id },
        ...(trial ? { trial_period_days: config.billing.trialDays } : {}),
      },
      success_url: `${config.baseUrl}/my-subscription?checkout=success`,
      cancel_url: `${config.baseUrl}/my-subscription?checkout=cancel`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { url: session.url };
  } catch (err) {
    throw stripeFailure(err, 'Stripe Checkout');
  }
}

/** A Customer Portal session for the teacher's Stripe customer (plan changes, payment method, cancellation). */
export async function openPortal(db: Db, config: Config, userId: string): Promise<RedirectUrl> {
  const stripe = requireStripe(config);
  const customer = await customerOf(db, userId);
  if (!customer) {
    throw new AppError('no_billing_account', 404, message('noBillingAccount'));
  }
  try {
    const session = await stripeClient(stripe).billingPortal.sessions.create({
      customer: customer.stripeCustomerId,
      return_url: `${config.baseUrl}/my-subscription`,
    });
    return { url: session.url };
  } catch (err) {
    throw stripeFailure(err, message('billingPortal'));
  }
}
