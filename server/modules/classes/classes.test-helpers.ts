import { grantSubscription } from '../operator/subscriptions.service';
import { signedIn, type TestContext } from '../../../tests/harness';

/** A signed-in teacher on an individual Premium plan. */
export async function premiumTeacher(ctx: TestContext, overrides: Parameters<typeof signedIn>[1] = {}) {
  const t = await signedIn(ctx, { role: 'teacher', ...overrides });
  await grantSubscription(ctx.database.db, { email: t.user.email, status: 'active' }, { kind: 'cli' });
  return t;
}
