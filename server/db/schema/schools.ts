import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { CrisisLines } from '../../../contract/crisis-lines';

/** A school licence (docs/product/schools-and-support.md#the-school-licence). Domains and admin e-mails are lower-case. */
export const schoolLicence = pgTable(
  'school_licence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolname: text('schoolname').notNull(),
    /** The primary domain: the first one given. */
    domain: text('domain').notNull().unique(),
    domains: text('domains').array().notNull(),
    /** Last day the licence is valid (inclusive); null = no end date. */
    expiration: date('expiration', { mode: 'string' }),
    admins: text('admins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    logoUrl: text('logo_url'),
    /** The crisis lines the school's students are given (set by its admins); null: the installation's, else the defaults. */
    crisisLines: jsonb('crisis_lines').$type<CrisisLines>(),
    /** What staff do with a safeguarding flag, shown on each (set by its admins); null: the app's general words. */
    reportingGuidance: text('reporting_guidance'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('school_licence_domains_idx').using('gin', t.domains)],
);

/** The licence's teachers sub-collection: one row per school and e-mail. */
export const schoolTeacher = pgTable(
  'school_teacher',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schoolLicence.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    building: text('building'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('school_teacher_school_email_uq').on(t.schoolId, t.email)],
);

/**
 * The installation's own settings, one row per key, set by the support account in superDash.
 * crisis_lines: the crisis lines for each language (InstallationCrisisLines) when a school sets none.
 */
export const installationSetting = pgTable('installation_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
