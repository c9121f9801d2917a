import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { schema } from '../../db/client';
import { buildUser, createTestContext, TEST_ORIGIN, TestClient, type TestContext } from '../../../tests/harness';
import { allowConsoleErrors } from '../../../tests/setup';
import { FAKE_PRICES, type FakeStripe } from '../../../tests/fakes/stripe';
import { onPlanChange } from '../../core/plan-changes';
import { listPrices, trialAvailable } from './billing.catalog';
import { STRIPE_WEBHOOK_PATH, WEBHOOK_MAX_BYTES } from './billing.routes';
import { auditRows, billingCustomer, startBilling, stripeRows, WEBHOOK_SECRET } from './billing.test-helpers';

let fake: FakeStripe;
let ctx: TestContext;
beforeAll(async () => {
  ({ fake, ctx } = await startBilling());
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

let n = 0;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A teacher with a Stripe customer kept, and their subscription as Stripe holds it. */
async function subscriber(status: string, opts: { linked?: boolean; metadata?: boolean; trialEnd?: number | null } = {}) {
  n++;
  const user = await buildUser(ctx, { role: 'teacher', email: `payer${n}@example.org` });
  const customer = `cus_hook_${n}_${user.id.slice(0, 6)}`;
  if (opts.linked !== false) await ctx.database.db.insert(schema.billingCustomer).values({ userId: user.id, stripeCustomerId: customer });
  const id = `sub_hook_${n}_${user.id.slice(0, 6)}`;
  const set = (s: string, extra: Partial<Parameters<FakeStripe['setSubscription']>[0]> = {}) =>
    fake.setSubscription({
      id,
      customer,
      status: s,
      priceId: FAKE_PRICES.month.id,
      metadata: opts.metadata === false ? {} : { userId: user.id },
      ...extra,
    });
  set(status, { trialEnd: opts.trialEnd ?? null, currentPeriodEnd: now() + 30 * DAY });
  const object = () => fake.subscription(id)!;
  return { user, customer, id, set, object };
}

const eventCount = async () => (await ctx.database.db.select({ n: count() }).from(schema.billingEvent))[0]!.n;
const subscriptionGets = (id: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${id}`).length;

async function statusOf(email: string) {
  const client = await new TestClient(ctx).signIn(email);
  return (await client.json<{ status: string }>('GET', '/api/subscription')).body.status;
}

describe('POST /api/billing/webhook: verification', () => {
  it('refuses a bad signature and a missing one (400), writing nothing', async () => {
    const s = await subscriber('active');
    const before = await eventCount();
    const forged = await fake.sendEvent('customer.subscription.updated', s.object(), { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    const unsigned = await ctx.app.request(`${TEST_ORIGIN}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_unsigned', type: 'customer.subscription.updated', data: { object: s.object() } }),
    });
    expect(unsigned.status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await stripeRows(ctx, s.user.id)).toEqual([]);
    expect(subscriptionGets(s.id)).toBe(0);
  });

  it('answers 400 to every signature that cannot be checked, whatever the Stripe library throws, writing nothing', async () => {
    const s = await subscriber('active');
    const before = await eventCount();
    const payload = JSON.stringify({ id: `evt_malformed_${n}`, type: 'customer.subscription.updated', data: { object: s.object() } });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const t = /t=(\d+)/.exec(good)![1]!;
    const post = (headers: Record<string, string>, body = payload) =>
      ctx.app.request(`${TEST_ORIGIN}${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const cases: [string, Record<string, string>, string?][] = [
      ['a timestamp that is no number, an empty v1', { 'stripe-signature': 't=abc,v1=' }],
      ['an empty v1', { 'stripe-signature': `t=${t},v1=` }],
      ['no t', { 'stripe-signature': 'v1=' + 'a'.repeat(64) }],
      ['garbage', { 'stripe-signature': 'v0=zz;t=;;==,,\u00e9' }],
      ['only commas', { 'stripe-signature': ',,,' }],
      ['an empty header', { 'stripe-signature': '' }],
      ['no header', {}],
      ['a tampered body', { 'stripe-signature': good }, payload.replace('customer.subscription.updated', 'invoice.paid')],
      [
        'a signed body that is not JSON',
        { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: 'not json', secret: WEBHOOK_SECRET }) },
        'not json',
      ],
    ];
    for (const [what, headers, body] of cases) {
      const res = await post(headers, body);
      expect([what, res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([what, 400, 'bad_request']);
    }
    expect(await eventCount()).toBe(before);
    expect(await stripeRows(ctx, s.user.id)).toEqual([]);
    // The good header on the untouched body still goes through.
    expect((await post({ 'stripe-signature': good })).status).toBe(200);
  });

  it('refuses a replay signed outside the tolerance (400), and takes one inside it', async () => {
    const s = await subscriber('active');
    const old = await fake.sendEvent('customer.subscription.updated', s.object(), { timestamp: now() - 301, id: `evt_old_${n}` });
    expect(old.status).toBe(400);
    expect(await stripeRows(ctx, s.user.id)).toEqual([]);
    const recent = await fake.sendEvent('customer.subscription.updated', s.object(), { timestamp: now() - 200 });
    expect(recent.status).toBe(200);
    expect(await stripeRows(ctx, s.user.id)).toHaveLength(1);
  });

  it('refuses a body over the limit with 413 before reading it as an event', async () => {
    const payload = JSON.stringify({ id: 'evt_big', pad: 'x'.repeat(WEBHOOK_MAX_BYTES) });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await ctx.app.request(`${TEST_ORIGIN}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    expect(res.status).toBe(413);
  });

  it('is not there without Stripe (404)', async () => {
    const bare = await createTestContext();
    try {
      const payload = JSON.stringify({ id: 'evt_x', type: 'invoice.paid', data: { object: {} } });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await bare.app.request(`${TEST_ORIGIN}${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/billing/webhook: applying events', () => {
  it('writes the subscription as Stripe holds it, with an audit entry, and tells every process', async () => {
    const s = await subscriber('trialing', { trialEnd: now() + 14 * DAY });
    const heard: (string | null)[] = [];
    const stop = onPlanChange((_db, userId) => heard.push(userId));
    try {
      const res = await fake.sendEvent('customer.subscription.created', s.object(), { id: `evt_created_${n}` });
      expect(res.status).toBe(200);
      await expect.poll(() => heard.includes(s.user.id), { timeout: 5000 }).toBe(true);
    } finally {
      stop();
    }
    const [row] = await stripeRows(ctx, s.user.id);
    const item = (s.object().items as { data: { current_period_end: number }[] }).data[0]!;
    expect(row).toMatchObject({
      status: 'trialing',
      provider: 'stripe',
      providerCustomerId: s.customer,
      providerSubscriptionId: s.id,
      priceId: FAKE_PRICES.month.id,
      interval: 'month',
      cancelAtPeriodEnd: false,
      pastDueSince: null,
    });
    expect(row!.currentPeriodEnd!.getTime()).toBe(item.current_period_end * 1000);
    expect(row!.trialEnd).toBeInstanceOf(Date);
    expect((await billingCustomer(ctx, s.user.id))!.trialUsedAt).toBeInstanceOf(Date);
    expect(await trialAvailable(ctx.database.db, s.user.id)).toBe(false);
    const [entry] = await auditRows(ctx, s.user.id);
    expect(entry).toMatchObject({
      actorKind: 'stripe',
      actorLabel: `evt_created_${n}`,
      action: 'subscription.sync',
      entity: 'customer_subscription',
      entityId: row!.id,
      before: null,
    });
    expect(entry!.after).toMatchObject({ status: 'trialing', providerSubscriptionId: s.id, userId: s.user.id });
    expect(await statusOf(s.user.email)).toBe('trialing');
  });

  it('applies the same event once: one change, one audit row, no second Stripe read', async () => {
    const s = await subscriber('active');
    const id = `evt_twice_${n}`;
    const first = await fake.sendEvent('customer.subscription.updated', s.object(), { id });
    const second = await fake.sendEvent('customer.subscription.updated', s.object(), { id });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(JSON.parse(second.body)).toMatchObject({ duplicate: true });
    expect(await stripeRows(ctx, s.user.id)).toHaveLength(1);
    expect(await auditRows(ctx, s.user.id)).toHaveLength(1);
    expect(subscriptionGets(s.id)).toBe(1);
  });

  it('is right whatever the order: an older "active" event after the cancellation leaves it canceled', async () => {
    const s = await subscriber('active');
    const activeCopy = s.object();
    s.set('canceled');
    expect((await fake.sendEvent('customer.subscription.deleted', s.object())).status).toBe(200);
    // Stripe delivers the earlier update late: its copy says active, Stripe now says canceled.
    expect((await fake.sendEvent('customer.subscription.updated', activeCopy, { timestamp: now() - 60 })).status).toBe(200);
    const rows = await stripeRows(ctx, s.user.id);
    expect(rows.map((r) => r.status)).toEqual(['canceled']);
    expect(await statusOf(s.user.email)).toBe('not subscribed yet');
  });

  it('keeps the later read when two events of one subscription are handled at once', async () => {
    const s = await subscriber('active');
    await fake.sendEvent('customer.subscription.created', s.object());
    // The first event's read says active but is slow to arrive; meanwhile the subscription is
    // canceled and the second event reads, and writes, canceled.
    fake.delayNext(new RegExp(`^/v1/subscriptions/${s.id}$`), 600);
    const slow = fake.sendEvent('customer.subscription.updated', s.object(), { id: `evt_slow_${n}` });
    await expect.poll(() => subscriptionGets(s.id)).toBe(2);
    s.set('canceled');
    expect((await fake.sendEvent('customer.subscription.deleted', s.object())).status).toBe(200);
    expect((await slow).status).toBe(200);
    expect((await stripeRows(ctx, s.user.id)).map((r) => r.status)).toEqual(['canceled']);
    const [kept] = await ctx.database.db
      .select()
      .from(schema.billingEvent)
      .where(eq(schema.billingEvent.id, `evt_slow_${n}`));
    expect(kept).toBeDefined();
    expect(await auditRows(ctx, s.user.id)).toHaveLength(2);
  });

  it('answers 500 and records nothing when Stripe cannot be read, then applies Stripe’s retry', async () => {
    allowConsoleErrors();
    const s = await subscriber('active');
    const id = `evt_retry_${n}`;
    const before = await eventCount();
    fake.failNext(new RegExp(`^/v1/subscriptions/${s.id}$`), 500);
    const failed = await fake.sendEvent('customer.subscription.created', s.object(), { id });
    expect(failed.status).toBe(500);
    expect(await eventCount()).toBe(before);
    expect(await stripeRows(ctx, s.user.id)).toEqual([]);
    expect(await auditRows(ctx, s.user.id)).toEqual([]);
    const retried = await fake.sendEvent('customer.subscription.created', s.object(), { id });
    expect(retried.status).toBe(200);
    expect((await stripeRows(ctx, s.user.id)).map((r) => r.status)).toEqual(['active']);
    expect(await auditRows(ctx, s.user.id)).toHaveLength(1);
  });

  it('keeps past_due_since from the first past_due event while it stays past_due, and clears it on payment', async () => {
    const s = await subscriber('active');
    await fake.sendEvent('customer.subscription.created', s.object());
    s.set('past_due');
    const invoice = (subscription: string) => ({
      id: `in_${n}`,
      object: 'invoice',
      customer: s.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription } },
    });
    expect((await fake.sendEvent('invoice.payment_failed', invoice(s.id))).status).toBe(200);
    const [first] = await stripeRows(ctx, s.user.id);
    expect(first!.status).toBe('past_due');
    expect(first!.pastDueSince).toBeInstanceOf(Date);
    // The next event is read at a later moment, so a past_due_since taken from it would differ.
    await vi.waitFor(
      () => {
        if (Date.now() <= first!.pastDueSince!.getTime()) throw new Error('the clock did not move past the first past_due read');
      },
      { timeout: 1_000, interval: 1 },
    );
    expect((await fake.sendEvent('customer.subscription.updated', s.object())).status).toBe(200);
    const [still] = await stripeRows(ctx, s.user.id);
    expect(still!.pastDueSince!.getTime()).toBe(first!.pastDueSince!.getTime());
    s.set('active');
    expect((await fake.sendEvent('invoice.paid', invoice(s.id))).status).toBe(200);
    const [paid] = await stripeRows(ctx, s.user.id);
    expect(paid).toMatchObject({ status: 'active', pastDueSince: null });
  });

  it('finds the user by the subscription’s metadata when no customer is kept, and keeps the customer then', async () => {
    const s = await subscriber('active', { linked: false });
    expect((await fake.sendEvent('customer.subscription.created', s.object())).status).toBe(200);
    expect(await stripeRows(ctx, s.user.id)).toHaveLength(1);
    expect((await billingCustomer(ctx, s.user.id))!.stripeCustomerId).toBe(s.customer);
  });

  it('records, and changes nothing for, a subscription of no ClassBots user', async () => {
    const s = await subscriber('active', { linked: false, metadata: false });
    const res = await fake.sendEvent('customer.subscription.created', s.object(), { id: `evt_stranger_${n}` });
    expect(res.status).toBe(200);
    expect(await stripeRows(ctx, s.user.id)).toEqual([]);
    const [kept] = await ctx.database.db
      .select()
      .from(schema.billingEvent)
      .where(eq(schema.billingEvent.id, `evt_stranger_${n}`));
    expect(kept?.type).toBe('customer.subscription.created');
    // A userId in metadata naming no user is no better.
    const ghost = await subscriber('active', { linked: false });
    fake.setSubscription({
      id: ghost.id,
      customer: ghost.customer,
      status: 'active',
      priceId: FAKE_PRICES.year.id,
      metadata: { userId: 'no-such-user' },
    });
    expect((await fake.sendEvent('customer.subscription.created', ghost.object())).status).toBe(200);
    expect(await stripeRows(ctx, ghost.user.id)).toEqual([]);
  });

  it('records, and changes nothing for, an event naming a subscription Stripe does not have', async () => {
    const res = await fake.sendEvent(
      'customer.subscription.updated',
      { id: 'sub_unknown', object: 'subscription' },
      { id: `evt_gone_${++n}` },
    );
    expect(res.status).toBe(200);
    const [kept] = await ctx.database.db
      .select()
      .from(schema.billingEvent)
      .where(eq(schema.billingEvent.id, `evt_gone_${n}`));
    expect(kept?.type).toBe('customer.subscription.updated');
    expect(
      await ctx.database.db
        .select()
        .from(schema.customerSubscription)
        .where(eq(schema.customerSubscription.providerSubscriptionId, 'sub_unknown')),
    ).toEqual([]);
  });

  it('records other event types without reading Stripe', async () => {
    const before = fake.requests.length;
    const res = await fake.sendEvent('customer.created', { id: 'cus_other', object: 'customer' }, { id: `evt_other_${++n}` });
    expect(res.status).toBe(200);
    expect(fake.requests.length).toBe(before);
    const [kept] = await ctx.database.db
      .select()
      .from(schema.billingEvent)
      .where(eq(schema.billingEvent.id, `evt_other_${n}`));
    expect(kept?.type).toBe('customer.created');
  });

  it('follows a checkout.session.completed to its subscription, yearly price and all', async () => {
    const s = await subscriber('active');
    s.set('active', { priceId: FAKE_PRICES.year.id });
    const session = { id: `cs_${n}`, object: 'checkout.session', mode: 'subscription', customer: s.customer, subscription: s.id };
    expect((await fake.sendEvent('checkout.session.completed', session)).status).toBe(200);
    const [row] = await stripeRows(ctx, s.user.id);
    expect(row).toMatchObject({ status: 'active', interval: 'year', priceId: FAKE_PRICES.year.id });
  });
});

describe('prices (billing.catalog)', () => {
  it('reads both prices from Stripe and remembers them', async () => {
    const before = fake.requests.filter((r) => r.path.startsWith('/v1/prices/')).length;
    const prices = await listPrices(ctx);
    expect(prices).toEqual([
      { interval: 'month', unitAmount: 900, currency: 'usd' },
      { interval: 'year', unitAmount: 9000, currency: 'usd' },
    ]);
    expect(await listPrices(ctx)).toEqual(prices);
    expect(fake.requests.filter((r) => r.path.startsWith('/v1/prices/')).length).toBe(before + 2);
  });

  it('gives null when Stripe cannot be reached, and null without Stripe', async () => {
    const down = await createTestContext({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: FAKE_PRICES.month.id,
      STRIPE_PRICE_YEARLY: FAKE_PRICES.year.id,
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    try {
      expect(await listPrices(down)).toBeNull();
    } finally {
      await down.close();
    }
    const bare = await createTestContext();
    try {
      expect(await listPrices(bare)).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
