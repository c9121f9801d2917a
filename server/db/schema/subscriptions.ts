import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** The customer's subscriptions sub-collection: written by billing webhooks or granted by hand. */
export const customerSubscription = pgTable(
  'customer_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** End of the paid or granted period; null = open-ended. A grant past it has lapsed. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    provider: text('provider', { enum: ['manual', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_subscription_user_idx').on(t.userId, t.status)],
);
