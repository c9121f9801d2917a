import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Plan } from '../../../contract/billing';
import type { AiStatus } from '../../../contract/ai';
import type { StorageUsage } from '../../../contract/files';
import { schema } from '../../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { allowConsoleErrors } from '../../../tests/setup';
import type { FakeStripe } from '../../../tests/fakes/stripe';
import { startBilling } from '../billing/billing.test-helpers';
import { chatBot, makeFile } from '../bots/bots.test-helpers';
import { fileClient } from '../files/files.test-helpers';
import { grantSubscription, revokeSubscription } from '../operator/subscriptions.service';

// Issue 17 items 1 and 5: GET /api/subscription/plan and POST /api/subscription/request-premium.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const cli = { kind: 'cli' } as const;
const DAY = 86_400_000;
let n = 0;

const planOf = async (client: TestClient) => {
  const res = await client.get('/api/subscription/plan');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as Plan;
};

describe('GET /api/subscription/plan: who may read it', () => {
  it('refuses the signed out (401) and students (403)', async () => {
    expect((await new TestClient(ctx).get('/api/subscription/plan')).status).toBe(401);
    const { client } = await signedIn(ctx, { role: 'student' });
    const res = await client.json<{ error: { code: string } }>('GET', '/api/subscription/plan');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('answers 503 when the plan cannot be checked', async () => {
    allowConsoleErrors();
    const other = await createTestContext();
    try {
      const { client } = await signedIn(other, { role: 'teacher' });
      await other.database.db.execute(sql`alter table customer_subscription rename to customer_subscription_gone`);
      const res = await client.json<{ error: { code: string } }>('GET', '/api/subscription/plan');
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('unavailable');
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/subscription/plan without Stripe', () => {
  it('a free teacher: no source, the free limits, usage as GET /api/ai and /api/files/usage read it, Request premium', async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const month = new Date().toISOString().slice(0, 7);
    await ctx.database.db.insert(schema.aiQuotaUse).values([
      { poolOwnerId: user.id, month, kind: 'text', used: 7 },
      { poolOwnerId: user.id, month, kind: 'image', used: 2 },
    ]);
    await makeFile(ctx, user.id);
    const plan = await planOf(client);
    const ai = (await client.json<AiStatus>('GET', '/api/ai')).body;
    const files = (await client.json<StorageUsage>('GET', '/api/files/usage')).body;
    const { quotas } = ctx.config.ai;
    expect(plan).toEqual({
      source: 'none',
      billingStatus: null,
      interval: null,
      periodEnd: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      pastDue: null,
      usage: {
        text: { used: 7, limit: quotas.free.text },
        images: { used: 2, limit: quotas.free.images },
        storage: { used: 5, limit: ctx.config.files.quotaFreeBytes },
        resetsAt: ai.usage.resetsAt,
      },
      limits: {
        free: { ...quotas.free, storage: ctx.config.files.quotaFreeBytes },
        premium: { ...quotas.premium, storage: ctx.config.files.quotaPremiumBytes },
      },
      billing: { enabled: false, prices: null, trialDays: 14, trialAvailable: true },
      actions: ['request_premium'],
      premiumRequest: null,
    });
    expect(plan.usage.text).toEqual(ai.usage.text);
    expect(plan.usage.images).toEqual(ai.usage.images);
    expect(plan.usage.storage).toEqual({ used: files.usedBytes, limit: files.quotaBytes });
  });

  it('a granted trial: source manual with its end as period and trial end, premium limits, no action', async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    await grantSubscription(ctx.database.db, { email: user.email, status: 'trialing', until: '2099-02-01' }, cli);
    expect(await planOf(client)).toMatchObject({
      source: 'manual',
      billingStatus: null,
      periodEnd: '2099-02-01T23:59:59.999Z',
      trialEnd: '2099-02-01T23:59:59.999Z',
      usage: { text: { limit: ctx.config.ai.quotas.premium.text }, storage: { limit: ctx.config.files.quotaPremiumBytes } },
      actions: [],
    });
  });

  it("a school's teacher: source school, the licence's last day, no action", async () => {
    const domain = `plan${++n}.edu`;
    await ctx.database.db
      .insert(schema.schoolLicence)
      .values({ schoolname: 'Plan High', domain, domains: [domain], admins: [`head@${domain}`], expiration: '2099-06-30' });
    const { client } = await signedIn(ctx, { role: 'teacher', email: `head@${domain}` });
    expect(await planOf(client)).toMatchObject({ source: 'school', periodEnd: '2099-06-30T23:59:59.999Z', actions: [] });
  });

  it('the support account: source support', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher', email: SUPPORT_EMAIL });
    expect(await planOf(client)).toMatchObject({ source: 'support', actions: [] });
  });
});

describe('GET /api/subscription/plan with Stripe', () => {
  let billing: { fake: FakeStripe; ctx: TestContext };
  beforeAll(async () => {
    billing = await startBilling();
  });
  afterAll(async () => {
    await billing.ctx.close();
    await billing.fake.close();
  });

  async function stripeRow(userId: string, values: Partial<typeof schema.customerSubscription.$inferInsert>) {
    await billing.ctx.database.db.insert(schema.customerSubscription).values({
      userId,
      provider: 'stripe',
      providerSubscriptionId: `sub_plan_${++n}`,
      status: 'active',
      interval: 'month',
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
      ...values,
    });
  }
  const customer = (userId: string) =>
    billing.ctx.database.db.insert(schema.billingCustomer).values({ userId, stripeCustomerId: `cus_plan_${++n}` });

  it("a new teacher: Stripe's prices, a trial to start", async () => {
    const { client } = await signedIn(billing.ctx, { role: 'teacher' });
    const plan = await planOf(client);
    expect(plan.billing).toMatchObject({ enabled: true, trialDays: 14, trialAvailable: true });
    expect(plan.billing.prices).toEqual(
      expect.arrayContaining([
        { interval: 'month', unitAmount: 900, currency: 'usd' },
        { interval: 'year', unitAmount: 9000, currency: 'usd' },
      ]),
    );
    expect(plan.actions).toEqual(['start_trial']);
  });

  it('past due inside the grace: premium from Stripe, the grace end, Manage billing only', async () => {
    const { user, client } = await signedIn(billing.ctx, { role: 'teacher' });
    const since = new Date(Date.now() - 2 * DAY);
    await customer(user.id);
    await stripeRow(user.id, { status: 'past_due', pastDueSince: since, cancelAtPeriodEnd: true });
    expect(await planOf(client)).toMatchObject({
      source: 'stripe',
      billingStatus: 'past_due',
      interval: 'month',
      cancelAtPeriodEnd: true,
      pastDue: { since: since.toISOString(), graceEndsAt: new Date(since.getTime() + 7 * DAY).toISOString() },
      usage: { text: { limit: billing.ctx.config.ai.quotas.premium.text } },
      actions: ['manage_billing'],
    });
  });

  it('canceled: no premium, the status shown, Get Premium again and Manage billing', async () => {
    const { user, client } = await signedIn(billing.ctx, { role: 'teacher' });
    await customer(user.id);
    await billing.ctx.database.db
      .update(schema.billingCustomer)
      .set({ trialUsedAt: new Date() })
      .where(eq(schema.billingCustomer.userId, user.id));
    await stripeRow(user.id, { status: 'canceled' });
    const plan = await planOf(client);
    expect(plan).toMatchObject({ source: 'none', billingStatus: 'canceled', pastDue: null, billing: { trialAvailable: false } });
    expect(plan.actions).toEqual(['get_premium', 'manage_billing']);
  });

  it("a school's teacher gets no billing action", async () => {
    const domain = `stripe-plan${++n}.edu`;
    await billing.ctx.database.db
      .insert(schema.schoolLicence)
      .values({ schoolname: 'S', domain, domains: [domain], admins: [`a@${domain}`] });
    const { client } = await signedIn(billing.ctx, { role: 'teacher', email: `a@${domain}` });
    expect((await planOf(client)).actions).toEqual([]);
  });
});

describe('POST /api/subscription/request-premium', () => {
  const requests = (userId: string) =>
    ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.subjectUserId, userId), eq(schema.auditLog.action, 'premium.request')));
  const mailsTo = (to: string) => ctx.mails().filter((m) => m.to === to && m.subject.includes('asks for Premium'));

  it('refuses the signed out (401), students (403) and teachers who have premium (409)', async () => {
    expect((await new TestClient(ctx).post('/api/subscription/request-premium', {})).status).toBe(401);
    const student = await signedIn(ctx, { role: 'student' });
    expect((await student.client.post('/api/subscription/request-premium', {})).status).toBe(403);
    const premium = await signedIn(ctx, { role: 'teacher' });
    await grantSubscription(ctx.database.db, { email: premium.user.email, status: 'active' }, cli);
    const res = await premium.client.json<{ error: { code: string } }>('POST', '/api/subscription/request-premium', {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(await requests(premium.user.id)).toEqual([]);
    expect(await requests(student.user.id)).toEqual([]);
  });

  it('records the request and mails support once a day; a second request that day sends nothing', async () => {
    const before = mailsTo(SUPPORT_EMAIL).length;
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const first = await client.json('POST', '/api/subscription/request-premium', { message: '  Our school pays by invoice.  ' });
    expect(first).toEqual({ status: 200, body: { alreadyRequested: false, ticketId: expect.any(String) as string } });
    expect(await requests(user.id)).toMatchObject([{ actorKind: 'user', actorUserId: user.id }]);
    // It opened a premium ticket with the message, the teacher's to follow in Support.
    const { ticketId } = first.body as { ticketId: string };
    const ticket = await client.json<{ ticket: { category: string; messages: { body: string }[] } }>('GET', `/api/tickets/${ticketId}`);
    expect(ticket.body.ticket).toMatchObject({ category: 'premium', messages: [{ body: 'Our school pays by invoice.' }] });
    const mails = mailsTo(SUPPORT_EMAIL);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.body).toContain(user.email);
    expect(mails.at(-1)!.body).toContain('Our school pays by invoice.');

    const again = await client.json('POST', '/api/subscription/request-premium');
    expect(again).toEqual({ status: 200, body: { alreadyRequested: true, ticketId } });
    expect(await requests(user.id)).toHaveLength(1);
    expect(await ctx.database.db.select().from(schema.supportTicket).where(eq(schema.supportTicket.userId, user.id))).toHaveLength(1);
    expect(mailsTo(SUPPORT_EMAIL)).toHaveLength(before + 1);
  });

  it('shows the request as pending on the plan until support closes its ticket', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    expect((await planOf(client)).premiumRequest).toBeNull();
    const { ticketId } = (await client.json<{ ticketId: string }>('POST', '/api/subscription/request-premium', {})).body;
    const [ticket] = await ctx.database.db.select().from(schema.supportTicket).where(eq(schema.supportTicket.id, ticketId));
    expect((await planOf(client)).premiumRequest).toEqual({ at: ticket!.createdAt.toISOString(), ticketId });
    await ctx.database.db.update(schema.supportTicket).set({ status: 'closed' }).where(eq(schema.supportTicket.id, ticketId));
    expect((await planOf(client)).premiumRequest).toBeNull();
  });

  it('refuses a bad message with 422 and records nothing', async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const res = await client.json<{ error: { code: string } }>('POST', '/api/subscription/request-premium', { message: 'x'.repeat(2001) });
    expect(res.status).toBe(422);
    expect(await requests(user.id)).toEqual([]);
    expect(await ctx.database.db.select().from(schema.supportTicket).where(eq(schema.supportTicket.userId, user.id))).toEqual([]);
  });
});

describe('a downgrade deletes nothing', () => {
  it('keeps files, bots and Saved Docs after a revoke, and refuses the next upload past the free quota with the numbers', async () => {
    const small = await createTestContext({ STORAGE_QUOTA_FREE_BYTES: '4096', FILE_MAX_BYTES: '4096' });
    try {
      const teacher = await fileClient(small, { role: 'teacher' });
      await grantSubscription(small.database.db, { email: teacher.user.email, status: 'active' }, cli);
      for (const name of ['a.txt', 'b.txt']) {
        expect((await teacher.upload(Buffer.alloc(3072, 0x61), name, 'text/plain')).status).toBe(201);
      }
      const bot = await teacher.send('POST', '/api/bots', JSON.stringify(chatBot({ name: 'Kept bot' })), {
        'content-type': 'application/json',
      });
      expect(bot.status).toBe(201);
      const doc = await teacher.send('POST', '/api/saved', JSON.stringify({ kind: 'document', title: 'Kept doc', body: 'Hello' }), {
        'content-type': 'application/json',
      });
      expect(doc.status).toBe(201);

      await revokeSubscription(small.database.db, { email: teacher.user.email }, cli, small.config);
      const res = await teacher.upload(Buffer.alloc(100, 0x62), 'c.txt', 'text/plain');
      expect(res.status).toBe(402);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'quota_exceeded',
        message: expect.stringMatching(/used 6 KiB of 4 KiB, and this file needs 1 KiB.*Get Premium/) as unknown,
      });
      const files = await small.database.db.select().from(schema.file).where(eq(schema.file.ownerId, teacher.user.id));
      expect(files).toHaveLength(2);
      expect(await small.database.db.select().from(schema.bot).where(eq(schema.bot.ownerId, teacher.user.id))).toHaveLength(1);
      expect(await small.database.db.select().from(schema.savedItem).where(eq(schema.savedItem.ownerId, teacher.user.id))).toHaveLength(1);
      const usage = (await (await teacher.send('GET', '/api/files/usage')).json()) as StorageUsage;
      expect(usage).toMatchObject({ usedBytes: 6144, quotaBytes: 4096 });
    } finally {
      await small.close();
    }
  });
});
