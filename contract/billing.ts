import { z } from 'zod';
import { text } from './common';

/**
 * Billing and My Subscription (issue 17). The Subscription object (docs/product/roles-and-plans.md) stays
 * exactly as it is (GET /api/subscription); what My Subscription shows beyond it comes from
 * GET /api/subscription/plan.
 */

export const billingInterval = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof billingInterval>;

/** Where the caller's plan comes from. `support`: the installation's support account. */
export const planSource = z.enum(['school', 'stripe', 'manual', 'support', 'none']);
export type PlanSource = z.infer<typeof planSource>;

/** The actions My Subscription offers; the server decides which fit. */
export const planAction = z.enum(['start_trial', 'get_premium', 'manage_billing', 'request_premium']);
export type PlanAction = z.infer<typeof planAction>;

const meter = z.object({ used: z.number(), limit: z.number() });

export const price = z.object({
  interval: billingInterval,
  /** In the currency's smallest unit (cents), as Stripe gives it. */
  unitAmount: z.number().int().nullable(),
  /** Lower-case ISO code, as Stripe gives it (usd). */
  currency: z.string(),
});
export type Price = z.infer<typeof price>;

/** GET /api/subscription/plan: the signed-in teacher's plan, usage and the actions that fit. */
export const plan = z.object({
  source: planSource,
  /** The billing provider's own status when the plan comes from Stripe (past_due, canceled, ...); else null. */
  billingStatus: z.string().nullable(),
  interval: billingInterval.nullable(),
  /** ISO instants; null when none applies. */
  periodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A Stripe payment failed: premium holds until `graceEndsAt`, with a banner asking to update payment. */
  pastDue: z.object({ since: z.string(), graceEndsAt: z.string() }).nullable(),
  usage: z.object({
    text: meter,
    images: meter,
    /** Bytes. */
    storage: meter,
    /** First instant of next month, UTC (ISO): when the AI counts start again. */
    resetsAt: z.string(),
  }),
  /** The two plans' limits, for "what changes" on the page. Storage in bytes. */
  limits: z.object({
    free: z.object({ text: z.number(), images: z.number(), storage: z.number() }),
    premium: z.object({ text: z.number(), images: z.number(), storage: z.number() }),
  }),
  /** Stripe is configured at this installation; prices are read from Stripe (null when it could not be reached). */
  billing: z.object({
    enabled: z.boolean(),
    prices: z.array(price).nullable(),
    trialDays: z.number().int(),
    /** This teacher has never had a trial (one per customer, ever). */
    trialAvailable: z.boolean(),
  }),
  actions: z.array(planAction),
  /** The teacher's latest Request premium still waiting (its support ticket is open); null when none or not offered. */
  premiumRequest: z.object({ at: z.string(), ticketId: z.string() }).nullable(),
});
export type Plan = z.infer<typeof plan>;

/** POST /api/billing/checkout: a Stripe Checkout session; the browser goes to `url`. */
export const checkoutInput = z.object({ interval: billingInterval });
export type CheckoutInput = z.infer<typeof checkoutInput>;
/** POST /api/billing/portal: the Stripe Customer Portal for the teacher's billing account; an empty object (or no body). */
export const portalInput = z.object({}).strict();
export type PortalInput = z.infer<typeof portalInput>;
export const redirectUrl = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof redirectUrl>;

/** POST /api/subscription/request-premium: asks this installation's support for premium (no Stripe). */
export const requestPremiumInput = z.object({ message: text({ trim: true, max: 2000 }).optional() });
export type RequestPremiumInput = z.infer<typeof requestPremiumInput>;
/**
 * Its answer: `alreadyRequested` when this teacher asked already today (nothing sent again);
 * `ticketId`: the support ticket the request opened (today's), followed at /contact-support.
 */
export const requestPremiumResult = z.object({ alreadyRequested: z.boolean(), ticketId: z.string().nullable() });
export type RequestPremiumResult = z.infer<typeof requestPremiumResult>;
