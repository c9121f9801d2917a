import { and, eq } from 'drizzle-orm';
import type { BillingInterval, Price } from '../../../contract/billing';
import type { StripeConfig } from '../../config';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { logWarning } from '../../lib/log';
import { stripeClient } from './billing.stripe';

/**
 * What My Subscription needs from billing: the two prices as Stripe has them, and whether this
 * teacher may still have a trial (one per customer, ever).
 */

/** Prices change rarely: read them from Stripe at most every 10 minutes per process. */
const PRICES_TTL_MS = 10 * 60_000;
/** After a failed read, My Subscription shows no prices for a short while rather than waiting on Stripe each time. */
const FAILED_TTL_MS = 30_000;
/** My Subscription must load even when Stripe is slow: the price read gives up early and does not retry. */
const PRICE_READ_TIMEOUT_MS = 3_000;

const remembered = new WeakMap<StripeConfig, { until: number; prices: Promise<Price[] | null> }>();

async function readPrices(config: StripeConfig): Promise<Price[] | null> {
  const stripe = stripeClient(config);
  const intervals: BillingInterval[] = ['month', 'year'];
  try {
    return await Promise.all(
      intervals.map(async (interval) => {
        const p = await stripe.prices.retrieve(config.prices[interval], {}, { timeout: PRICE_READ_TIMEOUT_MS, maxNetworkRetries: 0 });
        return { interval, unitAmount: p.unit_amount ?? null, currency: p.currency };
      }),
    );
  } catch (err) {
    logWarning(null, 'billing: reading the prices from Stripe failed; My Subscription shows none', err);
    return null;
  }
}

/** The monthly and yearly prices read from Stripe (remembered 10 minutes); null without Stripe or when Stripe cannot be reached. */
export async function listPrices(deps: AppDeps): Promise<Price[] | null> {
  const config = deps.config.billing.stripe;
  if (!config) return null;
  const now = Date.now();
  const hit = remembered.get(config);
  if (hit && hit.until > now) return hit.prices;
  const entry = { until: now + PRICES_TTL_MS, prices: readPrices(config) };
  remembered.set(config, entry);
  const prices = await entry.prices;
  if (!prices) entry.until = Date.now() + FAILED_TTL_MS;
  return prices;
}

/** True while this user has never started a trial nor had a Stripe subscription. */
export async function trialAvailable(db: Db, userId: string): Promise<boolean> {
  const [customer] = await db
    .select({ trialUsedAt: schema.billingCustomer.trialUsedAt })
    .from(schema.billingCustomer)
    .where(eq(schema.billingCustomer.userId, userId))
    .limit(1);
  if (customer?.trialUsedAt) return false;
  const [stripeSub] = await db
    .select({ id: schema.customerSubscription.id })
    .from(schema.customerSubscription)
    .where(and(eq(schema.customerSubscription.userId, userId), eq(schema.customerSubscription.provider, 'stripe')))
    .limit(1);
  return !stripeSub;
}
