import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/** Seconds-level limits: a hung Stripe must not hold a teacher's request for Stripe's default 80 s. */
const REQUEST_TIMEOUT_MS = 20_000;

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The Stripe client for these settings (one per config): api.stripe.com, or the local fake that
 * STRIPE_API_URL names. Never call it while holding a database transaction.
 */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.secretKey, {
      ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
      timeout: REQUEST_TIMEOUT_MS,
      maxNetworkRetries: 2,
      telemetry: false,
      appInfo: { name: 'ClassBots' },
    });
    clients.set(config, client);
  }
  return client;
}

/** True for the failures of reaching Stripe at all (network, timeout, Stripe's own 5xx), as opposed to a refused request. */
export function isStripeUnreachable(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError
  );
}

export type { Stripe };

/** Stripe's error classes, for telling a refused request from an unreachable Stripe. */
export const StripeErrors = Stripe.errors;
