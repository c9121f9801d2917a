import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { invalidInput } from '../../lib/errors';
import { findUserByEmail } from '../users/users.service';
import { dayField, emailField, endOfDayUtc, parseInput, todayUtc } from './inputs';

export const grantInput = z.object({
  email: emailField,
  status: z.enum(['active', 'trialing'], { error: 'must be active or trialing' }),
  /** Last day of the grant (inclusive, UTC); null = open-ended. */
  until: dayField.nullable().default(null),
});

const manualOf = (userId: string) =>
  and(eq(schema.customerSubscription.userId, userId), eq(schema.customerSubscription.provider, 'manual'));

/**
 * Grants an individual subscription by hand. A user has at most one manual grant: granting
 * again replaces the earlier one, so the latest command is what holds.
 */
export async function grantSubscription(db: Db, input: z.input<typeof grantInput>, now = new Date()) {
  const data = parseInput(grantInput, input);
  if (data.until !== null && data.until < todayUtc(now)) {
    throw invalidInput(`until ${data.until} is in the past.`, { until: 'is in the past' });
  }
  const user = await findUserByEmail(db, data.email);
  return db.transaction(async (tx) => {
    const replaced = await tx
      .delete(schema.customerSubscription)
      .where(manualOf(user.id))
      .returning({ id: schema.customerSubscription.id });
    const [row] = await tx
      .insert(schema.customerSubscription)
      .values({
        userId: user.id,
        status: data.status,
        provider: 'manual',
        currentPeriodEnd: data.until === null ? null : endOfDayUtc(data.until),
      })
      .returning();
    return { user, subscription: row!, replaced: replaced.length > 0 };
  });
}

/**
 * Removes a user's manual grants. Billing (Stripe) subscriptions are the provider's to end, so
 * they stay; `otherActive` tells the caller one still makes the user premium.
 */
export async function revokeSubscription(db: Db, input: { email: string }, now = new Date()) {
  const { email } = parseInput(z.object({ email: emailField }), input);
  const user = await findUserByEmail(db, email);
  const removed = await db.delete(schema.customerSubscription).where(manualOf(user.id)).returning({ id: schema.customerSubscription.id });
  const [other] = await db
    .select({ provider: schema.customerSubscription.provider })
    .from(schema.customerSubscription)
    .where(
      and(
        eq(schema.customerSubscription.userId, user.id),
        ne(schema.customerSubscription.provider, 'manual'),
        inArray(schema.customerSubscription.status, ['active', 'trialing']),
        or(isNull(schema.customerSubscription.currentPeriodEnd), gt(schema.customerSubscription.currentPeriodEnd, now)),
      ),
    )
    .limit(1);
  return { user, revoked: removed.length, otherActive: other?.provider ?? null };
}
