import type { Price } from '../../../contract/billing';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../lib/context';

/**
 * What My Subscription needs from billing: the two prices as Stripe has them, and whether this
 * teacher may still have a trial (one per customer, ever).
 * STUB (foundation of issue 17): the billing helper implements these.
 */

/** The monthly and yearly prices read from Stripe (remembered a few minutes); null without Stripe or when Stripe cannot be reached. */
export async function listPrices(deps: AppDeps): Promise<Price[] | null> {
  if (!deps.config.billing.stripe) return null;
  return null;
}

/** True while this user has never started a trial nor had a Stripe subscription. */
export async function trialAvailable(db: Db, userId: string): Promise<boolean> {
  void db;
  void userId;
  return true;
}
