import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import Stripe from 'stripe';
import { checkoutInput, portalInput } from '../../../contract/billing';
import type { AppEnv } from '../../core/context';
import { readJson, readOptionalJson, requireUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import { logError, logWarning } from '../../lib/log';
import { requireTeacherSubscription } from '../../core/access';
import { openPortal, requireStripe, startCheckout } from './billing.service';
import { alreadyApplied, applyEvent } from './billing.webhook';
import { message } from '../../lib/message';

/**
 * The Stripe webhook's path. It is exempt from the origin check (Stripe sends it) and from the
 * JSON size limit (it has its own, on the raw body it verifies): that path only.
 */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

/** Raw webhook bodies larger than this are refused before any parsing (Stripe's events are far smaller). */
export const WEBHOOK_MAX_BYTES = 512 * 1024;

const TEACHERS_ONLY = message('subscriptionsForTeachers');

/** /api/billing: POST /checkout, POST /portal (the signed-in teacher) and POST /webhook (Stripe). */
export function billingRoutes() {
  const app = new Hono<AppEnv>();

  // POST /api/billing/checkout {interval}: a Stripe Checkout session for the teacher → {url}.
  app.post('/checkout', async (c) => {
    const { database, config } = c.get('deps');
    await requireUser(c);
    requireStripe(config);
    const { interval } = await readJson(c, checkoutInput);
    const { user, sub } = await requireTeacherSubscription(c, TEACHERS_ONLY);
    return c.json(await startCheckout(database.db, config, user, sub, interval));
  });

  // POST /api/billing/portal {}: the Customer Portal for the teacher's Stripe customer → {url}.
  app.post('/portal', async (c) => {
    const { database, config } = c.get('deps');
    await requireUser(c);
    requireStripe(config);
    await readOptionalJson(c, portalInput);
    const { user } = await requireTeacherSubscription(c, TEACHERS_ONLY);
    return c.json(await openPortal(database.db, config, user.id));
  });

  // POST /api/billing/webhook: Stripe's signed events, verified on the raw body.
  app.post(
    '/webhook',
    bodyLimit({
      maxSize: WEBHOOK_MAX_BYTES,
      onError: () => {
        throw new AppError('payload_too_large', 413, message('eventTooLarge'));
      },
    }),
    async (c) => {
      const { database, config } = c.get('deps');
      const stripe = config.billing.stripe;
      if (!stripe) throw new AppError('not_found', 404, message('noEndpoint'));
      const signature = c.req.header('stripe-signature');
      const raw = Buffer.from(await c.req.arrayBuffer());
      if (!signature) throw new AppError('bad_request', 400, message('stripeSignatureMissing'));
      let event: Stripe.Event;
      try {
        event = await Stripe.webhooks.constructEventAsync(raw, signature, stripe.webhookSecret, stripe.webhookToleranceSeconds);
      } catch {
        // Whatever the library throws (its verification error, a plain Error for an empty v1, a
        // SyntaxError for a signed body that is not JSON), an event that cannot be checked is the
        // sender's fault: 400, never a server error.
        logWarning(null, 'billing: webhook refused, its signature or timestamp did not verify');
        throw new AppError('bad_request', 400, message('signatureUnverified'));
      }
      if (await alreadyApplied(database.db, event.id)) return c.json({ received: true, duplicate: true });
      try {
        const outcome = await applyEvent(database.db, stripe, event);
        if (outcome.kind === 'recorded' && outcome.reason === 'unknown_user') {
          logWarning(null, `billing: event ${event.id} (${event.type}) is for a customer of no ClassBots user; recorded, nothing changed`);
        }
        if (outcome.kind === 'recorded' && outcome.reason === 'unknown_subscription') {
          logWarning(
            null,
            `billing: event ${event.id} (${event.type}) names a subscription Stripe does not have; recorded, nothing changed`,
          );
        }
        return c.json({ received: true, duplicate: outcome.kind === 'duplicate' });
      } catch (err) {
        logError(null, `billing: event ${event.id} (${event.type}) failed; Stripe will send it again`, err);
        throw new AppError('internal', 500, message('eventNotApplied'));
      }
    },
  );
  return app;
}
