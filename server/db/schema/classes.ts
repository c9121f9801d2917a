import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { supportedLocales } from '../../../contract/locale';

/**
 * A teacher's class (My Students). `joinCode` is null while joining by code is off; a new code
 * replaces the old one. Deleting a class deletes its roster entries (not the students' accounts).
 * Assignments (a later table) should reference a class with ON DELETE SET NULL and a student by
 * their roster entry or user, so a student's work stays with the teacher until it is deleted.
 */
export const teacherClass = pgTable(
  'teacher_class',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Optional period or section, e.g. "P3". */
    section: text('section'),
    /** Upper-case, unambiguous letters and digits; null = joining by code is off. */
    joinCode: text('join_code').unique('teacher_class_join_code_uq'),
    /** When `joinCode` was made: only a code made after a lock-out began lets a locked-out joiner in (not a rename). */
    joinCodeMadeAt: timestamp('join_code_made_at', { withTimezone: true }),
    /** The language of the class's students who chose none ('en' | 'es'); null = none set (decision 272). */
    defaultLocale: text('default_locale', { enum: supportedLocales }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teacher_class_owner_idx').on(t.ownerId, t.createdAt)],
);

export const rosterSources = ['teacher', 'code', 'lti', 'classroom'] as const;

/**
 * One student on one class's roster, by lower-case e-mail. `userId` is set once the person with
 * that address is known (signed in verified, or joined by code); `removedAt` takes them off the
 * roster while keeping the row for their past work. At most one current entry per class and e-mail.
 */
export const rosterEntry = pgTable(
  'roster_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => teacherClass.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    source: text('source', { enum: rosterSources }).notNull().default('teacher'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('roster_entry_class_email_current_uq')
      .on(t.classId, t.email)
      .where(sql`${t.removedAt} is null`),
    index('roster_entry_email_idx').on(t.email),
    index('roster_entry_user_idx').on(t.userId),
  ],
);
