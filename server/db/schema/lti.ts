import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { schoolLicence } from './schools';
import { teacherClass } from './classes';
import { assignment, studentAssignment } from './assignments';

/**
 * An LMS registered as an LTI 1.3 platform by the support account (docs/decisions/261-lti-1-3.md).
 * It belongs to one school licence: the accounts its launches make or find are that school's, and
 * an address is matched only inside the licence's domains. One per issuer and client id.
 */
export const ltiPlatform = pgTable(
  'lti_platform',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schoolLicence.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** The deployments (installs of the tool in the platform) whose launches are taken. */
    deploymentIds: text('deployment_ids').array().notNull(),
    authUrl: text('auth_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /**
     * The platform's addresses are the institution's own (its accounts, not typed by their users):
     * a launch's address on the licence's domains counts without `email_verified` (decision 274).
     */
    managedAddresses: boolean('managed_addresses').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('lti_platform_issuer_client_uq').on(t.issuer, t.clientId), index('lti_platform_school_idx').on(t.schoolId)],
);

/**
 * ClassBots' own signing keys (RS256), published at /api/lti/jwks. The newest key not retired
 * signs; a retired key stays published until `retiredAt` + 30 days, then is deleted.
 */
export const ltiKey = pgTable('lti_key', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * One OIDC login in flight: the state we sent the platform and the nonce its id_token must carry.
 * Taken (deleted) by the launch that answers it, so a replayed launch finds nothing; lives 10 minutes.
 */
export const ltiLogin = pgTable(
  'lti_login',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatform.id, { onDelete: 'cascade' }),
    /** The SHA-256 of the browser's login cookie (decision 274): the launch must come from that browser. */
    browserHash: text('browser_hash').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_login_expires_idx').on(t.expiresAt)],
);

/**
 * A deep-linking request (the picker's signed request, by its `jti`) that has been answered: a
 * second answer to it is refused. Kept until the request itself would have expired.
 */
export const ltiDeepLinkUse = pgTable(
  'lti_deep_link_use',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_deep_link_use_expires_idx').on(t.expiresAt)],
);

/** A platform's user (its `sub`) linked to a ClassBots account: the only way a launch finds an account again. */
export const ltiAccount = pgTable(
  'lti_account',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatform.id, { onDelete: 'cascade' }),
    sub: text('sub').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.sub] }), index('lti_account_user_idx').on(t.userId)],
);

/**
 * A platform's course (its context id) kept in step with a ClassBots class: the teacher who first
 * launched from the course owns the class; students launching from it are put on its roster.
 */
export const ltiContext = pgTable(
  'lti_context',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatform.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    classId: uuid('class_id')
      .notNull()
      .references(() => teacherClass.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** The course's Names and Role Provisioning address (the launch's namesroleservice claim), read beside launches from the course. */
    membershipsUrl: text('memberships_url'),
    /**
     * When a process last claimed the course's member-list read (decision 274): at most one read per
     * course in LTI_ROSTER_SYNC_MINUTES, whichever process took the launch.
     */
    membersClaimedAt: timestamp('members_claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.contextId] }), index('lti_context_class_idx').on(t.classId)],
);

/**
 * An assignment placed in a course by deep linking: the link's launches open it. `lineItemUrl` is
 * the course's gradebook column for it, when the platform gave one.
 */
export const ltiLink = pgTable(
  'lti_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatform.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignment.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    lineItemUrl: text('line_item_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lti_link_assignment_idx').on(t.assignmentId), index('lti_link_context_idx').on(t.platformId, t.contextId)],
);

/**
 * A score for the course's gradebook, waiting to be sent (Assignment and Grade Services): one per
 * link and record, replaced by the record's newest state, sent by the background job with retries.
 * `sentAt` set = the platform took this payload; a newer change sets it back to null.
 */
export const ltiScore = pgTable(
  'lti_score',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => ltiLink.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => studentAssignment.id, { onDelete: 'cascade' }),
    /** The platform's user id of the student. */
    sub: text('sub').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failure's kind (an HTTP status or a code), never the platform's text. */
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('lti_score_link_record_uq').on(t.linkId, t.recordId), index('lti_score_due_idx').on(t.nextAttemptAt)],
);
