import { z } from 'zod';

/** Stable error codes: the client branches on these, never on messages. */
export const errorCodes = [
  'bad_request',
  /** A paging cursor that names no position (damaged, or from another list or order): reload the list. */
  'bad_cursor',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  /** 402: a Premium feature (My Students, Assignments) asked for by a teacher without Premium; the message says why. */
  'premium_required',
  'not_found',
  /** 404: Stripe is not configured at this installation (premium comes by Request premium and grants). */
  'billing_not_configured',
  /** 404: the teacher has no Stripe customer yet (made by their first checkout), so no billing portal. */
  'no_billing_account',
  'conflict',
  /** 409: a student's assignment allows a number of messages, and they have all been sent. */
  'budget_exhausted',
  'payload_too_large',
  'rate_limited',
  'origin_rejected',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one JSON error body of every /api failure. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
