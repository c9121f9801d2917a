import { z } from 'zod';
import { pageCursor, text } from './common';
import { subscription } from './subscription';

/**
 * superDash (issue 18, item 4): the support account's installation dashboard at /api/superdash.
 * Every endpoint is the support account's only (401 signed out, 403 anyone else).
 *   GET   /totals                      installation totals and the per-school table
 *   GET   /schools                     school licences
 *   POST  /schools                     a new licence
 *   PATCH /schools/:id                 a licence's name, domains, expiration, admins, logo
 *   GET   /users?email=                accounts by e-mail (exact or starting with)
 *   POST  /users/:id/grant|extend|revoke   a hand-made premium grant
 *   PATCH /users/:id/role              an account's own role
 *   GET   /errors?before=&requestId=   recent server errors, newest first
 *   GET   /audit?before=&action=&email=  the audit log, newest first
 */

/** Rows per page of the errors and audit lists. */
export const SUPERDASH_PAGE_SIZE = 50;
/** Accounts a user search answers with at most. */
export const USER_SEARCH_LIMIT = 20;
/** Days a server error is kept. */
export const SERVER_ERROR_DAYS = 30;

const count = z.number().int();

export const schoolRow = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  /** Last valid day (YYYY-MM-DD), or null for no end date. */
  expiration: z.string().nullable(),
  teachersOnList: count,
  /** Accounts whose address is on the teachers list. */
  signedUpTeachers: count,
  /** Accounts on the licence's domains that are neither on the teachers list nor admins. */
  students: count,
  /** AI text and image generations this calendar month (UTC) metered to the school. */
  generationsThisMonth: count,
  storageBytes: z.number(),
});
export type SchoolRow = z.infer<typeof schoolRow>;

/**
 * AI use in a period. `inputTokens` and `outputTokens` are those of generations (as the school
 * dashboard counts them); `checkTokens` those of the safety checks of student messages and
 * `failedTokens` those of calls that failed.
 */
const usagePeriod = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  checkTokens: z.number(),
  failedTokens: z.number(),
  images: z.number(),
  generations: z.number(),
});

export const superTotals = z.object({
  users: z.object({ teachers: count, students: count, unverified: count }),
  schools: count,
  bots: count,
  /** DocBot runs (bot_run rows) and conversations (ChatBot, TutorBot, assignments). */
  docBotRuns: count,
  conversations: count,
  usage: z.object({ thisMonth: usagePeriod, allTime: usagePeriod }),
  storageBytes: z.number(),
  perSchool: z.array(schoolRow),
});
export type SuperTotals = z.infer<typeof superTotals>;

export const schoolLicence = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  admins: z.array(z.string()),
  expiration: z.string().nullable(),
  logoUrl: z.string().nullable(),
  teachersOnList: count,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SchoolLicence = z.infer<typeof schoolLicence>;
export const schoolLicenceList = z.object({ schools: z.array(schoolLicence) });
export type SchoolLicenceList = z.infer<typeof schoolLicenceList>;

/**
 * A licence's fields as support types them. The shape is checked here; the rules (a real day,
 * domains such as school.edu, admins on the domains, taken domains) are the command line's, with
 * the same 409 and 422 answers, each naming its field.
 */
export const schoolLicenceInput = z.strictObject({
  name: z.string().max(1000),
  domains: z.array(z.string().max(300)).max(50),
  admins: z.array(z.string().max(300)).max(200),
  /** YYYY-MM-DD; null for no end date. */
  expires: z.string().max(40).nullable(),
  /** https only; null for none. */
  logoUrl: z.string().max(2100).nullable(),
});
export type SchoolLicenceInput = z.infer<typeof schoolLicenceInput>;
export const schoolLicencePatch = schoolLicenceInput.partial();
export type SchoolLicencePatch = z.infer<typeof schoolLicencePatch>;

export const userSearchQuery = z.strictObject({ email: text({ trim: true, min: 1, max: 254, tooShort: 'is required' }) });

export const manualGrant = z.object({ status: z.string(), until: z.string().nullable() });

export const supportUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['teacher', 'student']),
  verified: z.boolean(),
  /** The plan as the app resolves it for this account now. */
  plan: subscription,
  /** The hand-made grant, when there is one (Extend works on it). */
  grant: manualGrant.nullable(),
  isSupport: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportUser = z.infer<typeof supportUser>;
export const userSearchResult = z.object({ users: z.array(supportUser), more: z.boolean() });
export type UserSearchResult = z.infer<typeof userSearchResult>;

export const grantBody = z.strictObject({
  status: z.enum(['active', 'trialing']).default('active'),
  /** Last day (YYYY-MM-DD, inclusive); null for open-ended. */
  until: z.string().max(40).nullable(),
});
export type GrantBody = z.input<typeof grantBody>;
export const extendBody = z.strictObject({
  until: z.string().max(40).optional(),
  days: z.number().int().optional(),
});
export type ExtendBody = z.infer<typeof extendBody>;
export const revokeBody = z.strictObject({});
export const roleBody = z.strictObject({ role: z.enum(['teacher', 'student']) });
export type RoleBody = z.infer<typeof roleBody>;

export const errorsQuery = z.strictObject({
  before: pageCursor().optional(),
  /** An exact request id. */
  requestId: text({ trim: true, max: 200 }).optional(),
});
export const serverErrorRow = z.object({
  id: z.string(),
  at: z.string(),
  requestId: z.string().nullable(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  status: z.number().nullable(),
  code: z.string().nullable(),
});
export type ServerErrorRow = z.infer<typeof serverErrorRow>;
export const serverErrorList = z.object({ errors: z.array(serverErrorRow), nextCursor: z.string().nullable() });
export type ServerErrorList = z.infer<typeof serverErrorList>;

export const auditQuery = z.strictObject({
  before: pageCursor().optional(),
  /** An exact action such as subscription.grant. */
  action: text({ trim: true, max: 100 }).optional(),
  /** The subject's exact e-mail address. */
  email: text({ trim: true, max: 254 }).optional(),
});
export const auditRow = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.string(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  subjectEmail: z.string().nullable(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditList = z.object({ entries: z.array(auditRow), nextCursor: z.string().nullable() });
export type AuditList = z.infer<typeof auditList>;
