import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The customer's subscriptions sub-collection: written by billing webhooks (a copy of the Stripe
 * subscription's current state, read back from Stripe) or granted by hand (provider `manual`).
 */
export const customerSubscription = pgTable(
  'customer_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Stripe's status string (trialing, active, past_due, canceled, unpaid, incomplete, ...), or active/trialing for a grant. */
    status: text('status').notNull(),
    /** End of the paid or granted period; null = open-ended. A grant past it has lapsed. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    provider: text('provider', { enum: ['manual', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /** Stripe: the price the subscription is on, and its billing interval. */
    priceId: text('price_id'),
    interval: text('interval', { enum: ['month', 'year'] }),
    /** Stripe: the end of the trial, when there is one. */
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** Stripe: cancelled in the portal, running until the period ends. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Stripe: when the subscription became past_due (kept while it stays so); premium holds for the grace period after it. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_subscription_user_idx').on(t.userId, t.status)],
);

/** A teacher's Stripe customer, kept from their first checkout; a trial is given once per customer, ever. */
export const billingCustomer = pgTable('billing_customer', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  /** Set when a checkout with a trial was started or a trialing subscription was seen: no second trial. */
  trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe events already applied: the id is written in the same transaction as the change it
 * made, so a redelivered event changes nothing and a failed one is applied on Stripe's retry.
 */
export const billingEvent = pgTable('billing_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who changed what, when: every change to a subscription (by webhook, grant, extend or revoke),
 * and later every change made through the admin and support pages. `actorKind` says what made it
 * (`stripe` with the event id in `actorLabel`, `cli`, `support`, `admin`, `user`, `system`);
 * `before` and `after` are the changed row as it was and became (null when created or removed).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['stripe', 'cli', 'support', 'admin', 'user', 'system'] }).notNull(),
    /** The acting account, when a person acted through the app. */
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** What made the change, in words: an event id, "command line", the actor's e-mail at the time. */
    actorLabel: text('actor_label'),
    /** A dotted name from contract/audit.ts (AUDIT_ACTIONS): subscription.grant, ticket.reply, student_data.delete, ... */
    action: text('action').notNull(),
    /** The account the change is about, when there is one. */
    subjectUserId: text('subject_user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** The changed row's kind and id (customer_subscription, school_licence, ...). */
    entity: text('entity'),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_subject_idx').on(t.subjectUserId, t.at)],
);
