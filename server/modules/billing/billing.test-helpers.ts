import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import { FAKE_PRICES, startFakeStripe, type FakeStripe, type WebhookDeliver } from '../../../tests/fakes/stripe';
import { STRIPE_WEBHOOK_PATH } from './billing.routes';

export const WEBHOOK_SECRET = 'whsec_test';

/** The four Stripe settings of the tests, with the fake's address. */
export const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: FAKE_PRICES.month.id,
  STRIPE_PRICE_YEARLY: FAKE_PRICES.year.id,
  STRIPE_API_URL: fake.url,
});

/** Posts a signed event to the app's webhook in-process, as Stripe would (no Origin, raw body). */
export const deliverTo =
  (ctx: TestContext): WebhookDeliver =>
  async (payload, headers) => {
    const res = await ctx.app.request(`${TEST_ORIGIN}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers, body: payload });
    return { status: res.status, body: await res.text() };
  };

/** The fake Stripe and an app configured for it, the fake's events delivered to the app. */
export async function startBilling(): Promise<{ fake: FakeStripe; ctx: TestContext }> {
  const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, prices: FAKE_PRICES });
  const ctx = await createTestContext(stripeEnv(fake));
  fake.setWebhook(deliverTo(ctx));
  return { fake, ctx };
}

/** The user's Stripe subscription rows. */
export const stripeRows = (ctx: TestContext, userId: string) =>
  ctx.database.db.select().from(schema.customerSubscription).where(eq(schema.customerSubscription.userId, userId));

/** The audit entries about a user. */
export const auditRows = (ctx: TestContext, userId: string) =>
  ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.subjectUserId, userId));

/** The user's kept Stripe customer, if any. */
export async function billingCustomer(ctx: TestContext, userId: string) {
  const [row] = await ctx.database.db.select().from(schema.billingCustomer).where(eq(schema.billingCustomer.userId, userId));
  return row;
}
