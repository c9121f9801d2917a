import { z } from 'zod';

/** The subscription status strings of docs/product/roles-and-plans.md#statuses, exactly. */
export const subscriptionStatuses = ['active school', 'active', 'trialing', 'not subscribed yet', 'not authenticated', 'error'] as const;
export const subscriptionStatus = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const userType = z.enum(['student', 'teacher']);
export type UserType = z.infer<typeof userType>;

/** The Subscription object of docs/product/roles-and-plans.md#the-subscription-object; every field always present. */
export const subscription = z.object({
  status: subscriptionStatus,
  current_period_end: z.string().nullable(),
  school_name: z.string().nullable(),
  school_id: z.string().nullable(),
  school_domain: z.string().nullable(),
  user_type: userType,
  is_admin: z.boolean(),
  teacher_building: z.string().nullable(),
  message: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscription>;

const premiumStatuses: readonly SubscriptionStatus[] = ['active', 'active school', 'trialing'];

/** Premium means active, active school or trialing (docs/product/roles-and-plans.md#statuses). */
export function isPremium(status: SubscriptionStatus): boolean {
  return premiumStatuses.includes(status);
}

/** Statuses an individual (customer) subscription row may hold. */
export const customerSubscriptionStatus = z.enum([
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type CustomerSubscriptionStatus = z.infer<typeof customerSubscriptionStatus>;

/**
 * GET /api/subscription/lapsed-work: what a teacher still has running, for My Subscription to say
 * what keeps working once the plan has lapsed. Teachers only (401 signed out, 403 for a student).
 */
export const lapsedWork = z.object({
  premium: z.boolean(),
  /** The teacher's assignments that are neither closed nor deleted. */
  openAssignments: z.number().int(),
  classes: z.number().int(),
  /** The free plan's monthly AI text generations, which the open assignments draw on without Premium. */
  freeMonthlyGenerations: z.number().int(),
});
export type LapsedWork = z.infer<typeof lapsedWork>;
