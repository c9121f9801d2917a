import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { buildUser, createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { grantSubscription, revokeSubscription } from './subscriptions.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const rowsOf = (userId: string) => db().select().from(schema.customerSubscription).where(eq(schema.customerSubscription.userId, userId));

describe('granted subscriptions (operator)', () => {
  it('grants a manual subscription that holds through the end of its last day (UTC)', async () => {
    const { user, client } = await signedIn(ctx);
    const { subscription, replaced } = await grantSubscription(db(), {
      email: user.email.toUpperCase(),
      status: 'trialing',
      until: '2099-03-31',
    });
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
    await grantSubscription(db(), { email: user.email, status: 'trialing', until: '2099-01-01' });
    const again = await grantSubscription(db(), { email: user.email, status: 'active' });
    expect(again.replaced).toBe(true);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', currentPeriodEnd: null, provider: 'manual' });
  });

  it('refuses an end date in the past, another status, and an unknown account', async () => {
    const user = await buildUser(ctx);
    const now = new Date('2030-05-10T12:00:00Z');
    await expect(grantSubscription(db(), { email: user.email, status: 'active', until: '2030-05-09' }, now)).rejects.toThrow(
      'until 2030-05-09 is in the past.',
    );
    await expect(grantSubscription(db(), { email: user.email, status: 'active', until: '2030-05-10' }, now)).resolves.toBeTruthy();
    await expect(grantSubscription(db(), { email: user.email, status: 'canceled' as 'active' })).rejects.toThrow(
      'status must be active or trialing.',
    );
    await expect(grantSubscription(db(), { email: 'nobody@example.org', status: 'active' })).rejects.toThrow(
      'No account has the address nobody@example.org.',
    );
  });

  it('revokes manual grants, says when there was nothing, and leaves billing subscriptions alone', async () => {
    const { user, client } = await signedIn(ctx);
    await grantSubscription(db(), { email: user.email, status: 'active' });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ status: 'active' });
    expect(await revokeSubscription(db(), { email: user.email })).toMatchObject({ revoked: 1, otherActive: null });
    expect((await client.json('GET', '/api/subscription')).body).toMatchObject({ status: 'not subscribed yet' });
    expect(await revokeSubscription(db(), { email: user.email })).toMatchObject({ revoked: 0 });

    await db()
      .insert(schema.customerSubscription)
      .values({ userId: user.id, status: 'active', provider: 'stripe', providerSubscriptionId: `sub_${user.id}` });
    await grantSubscription(db(), { email: user.email, status: 'trialing' });
    expect(await revokeSubscription(db(), { email: user.email })).toMatchObject({ revoked: 1, otherActive: 'stripe' });
    expect(await rowsOf(user.id)).toMatchObject([{ provider: 'stripe' }]);
  });
});
