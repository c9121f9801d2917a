import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/**
 * The Stripe webhook's path. It is exempt from the origin check (Stripe sends it) and from the
 * JSON size limit (it has its own, on the raw body it verifies): that path only.
 */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

/** Raw webhook bodies larger than this are refused before any parsing (Stripe's events are far smaller). */
export const WEBHOOK_MAX_BYTES = 512 * 1024;

/**
 * /api/billing: POST /checkout, POST /portal (the signed-in teacher) and POST /webhook (Stripe).
 * STUB (foundation of issue 17): the billing helper implements these.
 */
export function billingRoutes() {
  const app = new Hono<AppEnv>();
  return app;
}
