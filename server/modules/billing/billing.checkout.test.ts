import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { allowConsoleErrors } from '../../../tests/setup';
import { FAKE_PRICES, type FakeStripe, type WebhookDeliver } from '../../../tests/fakes/stripe';
import { billingCustomer, deliverTo, startBilling, stripeRows } from './billing.test-helpers';
import { trialAvailable } from './billing.catalog';

let fake: FakeStripe;
let ctx: TestContext;
let bare: TestContext;
beforeAll(async () => {
  ({ fake, ctx } = await startBilling());
  bare = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await bare.close();
  await fake.close();
});

let n = 0;
const teacher = (c = ctx) => signedIn(c, { role: 'teacher', email: `teacher${++n}@example.org` });
const sessionsFor = (userId: string) =>
  fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === userId);

/** Pays on the fake's Checkout page as the browser would; returns where Stripe sends the browser back. */
async function pay(url: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

describe('POST /api/billing/checkout and /portal: who may', () => {
  it('refuses the signed out (401) and students (403), and touches no Stripe customer', async () => {
    const before = fake.requests.length;
    const anon = new TestClient(ctx);
    expect((await anon.post('/api/billing/checkout', { interval: 'month' })).status).toBe(401);
    expect((await anon.post('/api/billing/portal', {})).status).toBe(401);
    const { client } = await signedIn(ctx, { role: 'student' });
    const res = await client.json('POST', '/api/billing/checkout', { interval: 'month' });
    expect(res.status).toBe(403);
    expect((await client.post('/api/billing/portal', {})).status).toBe(403);
    expect(fake.requests.length).toBe(before);
  });

  it('answers 404 billing_not_configured without Stripe, saying how to get premium', async () => {
    const { client } = await teacher(bare);
    const checkout = await client.json<{ error: { code: string; message: string } }>('POST', '/api/billing/checkout', {
      interval: 'month',
    });
    expect(checkout.status).toBe(404);
    expect(checkout.body.error.code).toBe('billing_not_configured');
    expect(checkout.body.error.message).toMatch(/Request premium/);
    const portal = await client.json<{ error: { code: string } }>('POST', '/api/billing/portal', {});
    expect([portal.status, portal.body.error.code]).toEqual([404, 'billing_not_configured']);
  });

  it('validates the interval (422) and the portal body, calling no Stripe', async () => {
    const before = fake.requests.length;
    const { client, user } = await teacher();
    const bad = await client.json<{ error: { code: string; fields: Record<string, string> } }>('POST', '/api/billing/checkout', {
      interval: 'week',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toHaveProperty('interval');
    expect((await client.post('/api/billing/checkout', '{not json')).status).toBe(400);
    expect((await client.post('/api/billing/portal', { extra: 1 })).status).toBe(422);
    expect(fake.requests.length).toBe(before);
    expect(await billingCustomer(ctx, user.id)).toBeUndefined();
  });

  it('refuses a teacher their school covers (409), making no Stripe customer', async () => {
    const email = `covered${++n}@maple.edu`;
    const [licence] = await ctx.database.db
      .insert(schema.schoolLicence)
      .values({ schoolname: 'Maple High', domain: 'maple.edu', domains: ['maple.edu'], admins: [], expiration: null })
      .returning();
    await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: licence!.id, email, building: null });
    const { client, user } = await signedIn(ctx, { role: 'teacher', email });
    const res = await client.json<{ error: { code: string; message: string } }>('POST', '/api/billing/checkout', { interval: 'year' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/school covers you/i);
    expect(await billingCustomer(ctx, user.id)).toBeUndefined();
  });

  it('opens the portal only for the teacher’s own billing account: 404 no_billing_account for another teacher', async () => {
    const a = await teacher();
    expect((await a.client.post('/api/billing/checkout', { interval: 'month' })).status).toBe(200);
    const aCustomer = (await billingCustomer(ctx, a.user.id))!.stripeCustomerId;
    const b = await teacher();
    const res = await b.client.json<{ error: { code: string } }>('POST', '/api/billing/portal', {});
    expect([res.status, res.body.error.code]).toEqual([404, 'no_billing_account']);
    const own = await a.client.json<{ url: string }>('POST', '/api/billing/portal');
    expect(own.status).toBe(200);
    expect(own.body.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    const portalCall = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portalCall.body).toEqual({ customer: aCustomer, return_url: 'http://localhost:3000/my-subscription' });
  });
});

describe('checkout', () => {
  it('creates the customer once, and a subscription-mode session with the trial, the user id and our return URLs', async () => {
    const { client, user } = await teacher();
    const res = await client.json<{ url: string }>('POST', '/api/billing/checkout', { interval: 'year' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const customer = await billingCustomer(ctx, user.id);
    expect(customer?.stripeCustomerId).toMatch(/^cus_/);
    expect(customer?.trialUsedAt).toBeNull();
    const creates = fake.requests.filter((r) => r.path === '/v1/customers' && r.idempotencyKey === `classbots-customer-${user.id}`);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({ metadata: { userId: user.id } });
    const [session] = sessionsFor(user.id);
    expect(session!.body).toEqual({
      mode: 'subscription',
      customer: customer!.stripeCustomerId,
      line_items: [{ price: FAKE_PRICES.year.id, quantity: '1' }],
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id }, trial_period_days: '14' },
      success_url: 'http://localhost:3000/my-subscription?checkout=success',
      cancel_url: 'http://localhost:3000/my-subscription?checkout=cancel',
    });
    // A second checkout (the teacher came back) reuses the kept customer.
    expect((await client.post('/api/billing/checkout', { interval: 'month' })).status).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/v1/customers' && r.idempotencyKey === `classbots-customer-${user.id}`)).toHaveLength(1);
    expect(sessionsFor(user.id).map((s) => s.body.customer)).toEqual([customer!.stripeCustomerId, customer!.stripeCustomerId]);
  });

  it('makes one Stripe customer on a double submit', async () => {
    const { client, user } = await teacher();
    const [a, b] = await Promise.all([
      client.json<{ url: string }>('POST', '/api/billing/checkout', { interval: 'month' }),
      client.json<{ url: string }>('POST', '/api/billing/checkout', { interval: 'month' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const kept = (await billingCustomer(ctx, user.id))!.stripeCustomerId;
    expect(new Set(sessionsFor(user.id).map((s) => s.body.customer))).toEqual(new Set([kept]));
    const created = fake.requests.filter(
      (r) => r.path === '/v1/customers' && r.body.metadata && (r.body.metadata as { userId?: string }).userId === user.id,
    );
    expect(new Set(created.map((r) => r.idempotencyKey))).toEqual(new Set([`classbots-customer-${user.id}`]));
  });

  it('grants nothing on the success page: only the webhook does, whenever it comes', async () => {
    const { client, user } = await teacher();
    const held: [string, Record<string, string>][] = [];
    // Stripe's events are delayed: the browser is back on the success page before any arrives.
    const holding: WebhookDeliver = (payload, headers) => {
      held.push([payload, headers]);
      return Promise.resolve({ status: 200, body: '' });
    };
    fake.setWebhook(holding);
    try {
      const { body } = await client.json<{ url: string }>('POST', '/api/billing/checkout', { interval: 'month' });
      const back = await pay(body.url);
      expect(back).toBe('http://localhost:3000/my-subscription?checkout=success');
      await client.get(back);
      expect((await client.json<{ status: string }>('GET', '/api/subscription')).body.status).toBe('not subscribed yet');
      expect(await stripeRows(ctx, user.id)).toEqual([]);
    } finally {
      fake.setWebhook(deliverTo(ctx));
    }
    expect(held.map(([p]) => (JSON.parse(p) as { type: string }).type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
    ]);
    for (const [payload, headers] of held) expect((await deliverTo(ctx)(payload, headers)).status).toBe(200);
    const sub = await client.json<{ status: string; current_period_end: string }>('GET', '/api/subscription');
    expect(sub.body.status).toBe('trialing');
    expect(new Date(sub.body.current_period_end).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });

  it('refuses a second checkout while a Stripe subscription lives (409), and gives no second trial', async () => {
    const { client, user } = await teacher();
    const { body } = await client.json<{ url: string }>('POST', '/api/billing/checkout', { interval: 'month' });
    await pay(body.url);
    const [row] = await stripeRows(ctx, user.id);
    expect(row).toMatchObject({ status: 'trialing', provider: 'stripe', interval: 'month', priceId: FAKE_PRICES.month.id });
    expect((await billingCustomer(ctx, user.id))!.trialUsedAt).toBeInstanceOf(Date);
    expect(await trialAvailable(ctx.database.db, user.id)).toBe(false);

    const again = await client.json<{ error: { code: string; message: string } }>('POST', '/api/billing/checkout', { interval: 'year' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/Manage billing/);

    // The teacher cancels; the trial is spent all the same.
    fake.setSubscription({
      id: row!.providerSubscriptionId!,
      customer: row!.providerCustomerId!,
      status: 'canceled',
      priceId: FAKE_PRICES.month.id,
    });
    expect((await fake.sendEvent('customer.subscription.deleted', fake.subscription(row!.providerSubscriptionId!)!)).status).toBe(200);
    expect((await client.json<{ status: string }>('GET', '/api/subscription')).body.status).toBe('not subscribed yet');
    const second = await client.json<{ url: string }>('POST', '/api/billing/checkout', { interval: 'year' });
    expect(second.status).toBe(200);
    const last = sessionsFor(user.id).at(-1)!;
    expect(last.body.subscription_data).toEqual({ metadata: { userId: user.id } });
    await pay(second.body.url);
    expect((await client.json<{ status: string }>('GET', '/api/subscription')).body.status).toBe('active');
  });

  it('gives no trial to a teacher who had a Stripe subscription, even with no trial recorded', async () => {
    const { client, user } = await teacher();
    await ctx.database.db.insert(schema.customerSubscription).values({
      userId: user.id,
      status: 'canceled',
      provider: 'stripe',
      providerSubscriptionId: `sub_old_${user.id}`,
    });
    expect((await client.post('/api/billing/checkout', { interval: 'month' })).status).toBe(200);
    expect(sessionsFor(user.id).at(-1)!.body.subscription_data).toEqual({ metadata: { userId: user.id } });
  });

  it('says Stripe could not be reached (503) when Checkout fails, and keeps the customer for the retry', async () => {
    allowConsoleErrors();
    const { client, user } = await teacher();
    fake.failNext(/^\/v1\/checkout\/sessions$/, 500);
    const res = await client.json<{ error: { code: string } }>('POST', '/api/billing/checkout', { interval: 'month' });
    expect([res.status, res.body.error.code]).toEqual([503, 'unavailable']);
    const kept = await billingCustomer(ctx, user.id);
    expect((await client.post('/api/billing/checkout', { interval: 'month' })).status).toBe(200);
    expect((await billingCustomer(ctx, user.id))!.stripeCustomerId).toBe(kept!.stripeCustomerId);
  });

  it('lets the teacher cancel in the portal: the webhook records cancel at period end, premium holds', async () => {
    const { client, user } = await teacher();
    const { body } = await client.json<{ url: string }>('POST', '/api/billing/checkout', { interval: 'month' });
    await pay(body.url);
    const portal = await client.json<{ url: string }>('POST', '/api/billing/portal', {});
    const page = await (await fetch(portal.body.url)).text();
    expect(page).toContain('Cancel plan');
    const back = await fetch(`${portal.body.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(back.headers.get('location')).toBe('http://localhost:3000/my-subscription');
    const [row] = await stripeRows(ctx, user.id);
    expect(row).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    expect((await client.json<{ status: string }>('GET', '/api/subscription')).body.status).toBe('trialing');
  });
});
