import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { buildUser, createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { extendSubscription, grantSubscription, revokeSubscription } from './subscriptions.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const cli = { kind: 'cli' } as const;
const rowsOf = (userId: string) => db().select().from(schema.customerSubscription).where(eq(schema.customerSubscription.userId, userId));

describe('granted subscriptions (operator)', () => {
  it('grants a manual subscription that holds through the end of its last day (UTC)', async () => {
    const { user, client } = await signedIn(ctx);
    const { subscription, replaced } = await grantSubscription(
      db(),
      {
        email: user.email.toUpperCase(),
        status: 'trialing',
        until: '2099-03-31',
      },
      cli,
    );
    expect(replaced).toBe(false);
    expect(subscription).toMatchObject({ provider: 'manual', status: 'trialing' });
    expect(subscription.currentPeriodEnd?.toISOString()).toBe('2099-03-31T23:59:59.999Z');
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({
      status: 'trialing',
      current_period_end: '2099-03-31T23:59:59.999Z',
    });
  });

  it('replaces the earlier grant instead of adding rows', async () => {
    const user = await buildUser(ctx);
    await grantSubscription(db(), { email: user.email, status: 'trialing', until: '2099-01-01' }, cli);
    const again = await grantSubscription(db(), { email: user.email, status: 'active' }, cli);
    expect(again.replaced).toBe(true);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', currentPeriodEnd: null, provider: 'manual' });
  });

  it('refuses an end date in the past, another status, and an unknown account', async () => {
    const user = await buildUser(ctx);
    const now = new Date('2030-05-10T12:00:00Z');
    await expect(grantSubscription(db(), { email: user.email, status: 'active', until: '2030-05-09' }, cli, now)).rejects.toMatchObject({
      options: { fields: { until: 'is in the past' } },
    });
    await expect(grantSubscription(db(), { email: user.email, status: 'active', until: '2030-05-10' }, cli, now)).resolves.toBeTruthy();
    await expect(grantSubscription(db(), { email: user.email, status: 'canceled' as 'active' }, cli)).rejects.toMatchObject({
      options: { fields: { status: 'must be active or trialing' } },
    });
    await expect(grantSubscription(db(), { email: 'nobody@example.org', status: 'active' }, cli)).rejects.toThrow(
      'No account has the address nobody@example.org.',
    );
  });

  it('revokes manual grants, says when there was nothing, and leaves billing subscriptions alone', async () => {
    const { user, client } = await signedIn(ctx);
    await grantSubscription(db(), { email: user.email, status: 'active' }, cli);
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ status: 'active' });
    expect(await revokeSubscription(db(), { email: user.email }, cli, ctx.config)).toMatchObject({ revoked: 1, otherActive: null });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ status: 'not subscribed yet' });
    expect(await revokeSubscription(db(), { email: user.email }, cli, ctx.config)).toMatchObject({ revoked: 0 });

    await db()
      .insert(schema.customerSubscription)
      .values({ userId: user.id, status: 'active', provider: 'stripe', providerSubscriptionId: `sub_${user.id}` });
    await grantSubscription(db(), { email: user.email, status: 'trialing' }, cli);
    expect(await revokeSubscription(db(), { email: user.email }, cli, ctx.config)).toMatchObject({ revoked: 1, otherActive: 'stripe' });
    expect(await rowsOf(user.id)).toMatchObject([{ provider: 'stripe' }]);
  });
});

const auditOf = (userId: string) =>
  db().select().from(schema.auditLog).where(eq(schema.auditLog.subjectUserId, userId)).orderBy(schema.auditLog.at);

describe('grants are recorded (issue 17)', () => {
  it('writes an audit entry for each grant, extend and revoke, with who made it and the row before and after', async () => {
    const user = await buildUser(ctx);
    const support = await buildUser(ctx);
    const first = await grantSubscription(db(), { email: user.email, status: 'trialing', until: '2099-01-31' }, cli);
    await grantSubscription(db(), { email: user.email, status: 'active', until: '2099-02-28' }, cli);
    const extended = await extendSubscription(
      db(),
      { email: user.email, days: 10 },
      { kind: 'support', userId: support.id, label: 'support@classbots.test' },
    );
    expect(extended.subscription.currentPeriodEnd?.toISOString()).toBe('2099-03-10T23:59:59.999Z');
    await revokeSubscription(db(), { email: user.email }, cli, ctx.config);

    const entries = await auditOf(user.id);
    expect(entries.map((e) => [e.action, e.actorKind, e.actorLabel, e.entity])).toEqual([
      ['subscription.grant', 'cli', 'command line', 'customer_subscription'],
      ['subscription.grant', 'cli', 'command line', 'customer_subscription'],
      ['subscription.extend', 'support', 'support@classbots.test', 'customer_subscription'],
      ['subscription.revoke', 'cli', 'command line', 'customer_subscription'],
    ]);
    expect(entries[0]).toMatchObject({ before: null, after: { status: 'trialing', currentPeriodEnd: '2099-01-31T23:59:59.999Z' } });
    expect(entries[1]).toMatchObject({ before: { id: first.subscription.id }, after: { status: 'active' } });
    expect(entries[2]).toMatchObject({
      actorUserId: support.id,
      before: { currentPeriodEnd: '2099-02-28T23:59:59.999Z' },
      after: { currentPeriodEnd: '2099-03-10T23:59:59.999Z' },
    });
    expect(entries[3]).toMatchObject({ before: { status: 'active' }, after: null });
  });

  it('extends to a new last day or by days (from today when lapsed), and refuses what it cannot do, changing nothing', async () => {
    const { user, client } = await signedIn(ctx);
    const now = new Date('2099-05-10T12:00:00Z');
    await expect(extendSubscription(db(), { email: user.email, days: 5 }, cli, now)).rejects.toThrow(
      `${user.email} has no granted subscription to extend: grant one first.`,
    );
    await grantSubscription(db(), { email: user.email, status: 'active' }, cli);
    await expect(extendSubscription(db(), { email: user.email, days: 5 }, cli, now)).rejects.toMatchObject({
      options: { fields: { days: 'the grant has no end date' } },
    });
    await expect(extendSubscription(db(), { email: user.email }, cli, now)).rejects.toMatchObject({
      options: { fields: { until: 'give either until or days' } },
    });
    await expect(extendSubscription(db(), { email: user.email, until: '2099-06-01', days: 3 }, cli, now)).rejects.toMatchObject({
      options: { fields: { until: 'give either until or days' } },
    });
    await expect(extendSubscription(db(), { email: user.email, days: 0 }, cli, now)).rejects.toMatchObject({
      options: { fields: { days: 'must be at least 1' } },
    });
    await expect(extendSubscription(db(), { email: user.email, until: '2099-05-09' }, cli, now)).rejects.toMatchObject({
      options: { fields: { until: 'is in the past' } },
    });
    expect(await rowsOf(user.id)).toMatchObject([{ currentPeriodEnd: null }]);
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['subscription.grant']);

    await extendSubscription(db(), { email: user.email, until: '2099-04-01' }, cli, new Date('2099-03-01T00:00:00Z'));
    // Lapsed by 2099-05-10: three days from the end of that day.
    const lapsed = await extendSubscription(db(), { email: user.email, days: 3 }, cli, now);
    expect(lapsed.subscription.currentPeriodEnd?.toISOString()).toBe('2099-05-13T23:59:59.999Z');
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({
      status: 'active',
      current_period_end: '2099-05-13T23:59:59.999Z',
    });
  });

  it('leaves a Stripe subscription to the provider: extend finds no grant, revoke names it', async () => {
    const user = await buildUser(ctx);
    await db()
      .insert(schema.customerSubscription)
      .values({
        userId: user.id,
        status: 'past_due',
        provider: 'stripe',
        providerSubscriptionId: `sub_x_${user.id}`,
        pastDueSince: new Date(),
      });
    await expect(extendSubscription(db(), { email: user.email, days: 1 }, cli)).rejects.toThrow('no granted subscription');
    expect(await revokeSubscription(db(), { email: user.email }, cli, ctx.config)).toMatchObject({ revoked: 0, otherActive: 'stripe' });
    expect(await auditOf(user.id)).toEqual([]);
  });
});
