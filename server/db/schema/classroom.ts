import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { teacherClass } from './classes';
import { assignment } from './assignments';

/**
 * A teacher's Google account connected for Classroom (docs/decisions/262-google-classroom.md): the
 * tokens Google's token endpoint gave, sealed with a key derived from the auth secret (never
 * answered by any endpoint). `lostAt` set = Google refused the refresh token (revoked, expired):
 * the teacher must connect again. Disconnecting deletes the row.
 */
export const classroomConnection = pgTable('classroom_connection', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The refresh token, sealed (AES-256-GCM). */
  refreshToken: text('refresh_token').notNull(),
  /** The newest access token, sealed, and when Google said it expires. */
  accessToken: text('access_token').notNull(),
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
  /** The scopes Google granted, as its token answer listed them. */
  scopes: text('scopes').array().notNull(),
  lostAt: timestamp('lost_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One "connect Google Classroom" in flight: the OAuth state sent to Google, bound to the teacher who
 * asked, with the PKCE verifier of its code. Taken (deleted) by the callback that answers it, so a
 * replayed callback finds nothing; lives 10 minutes.
 */
export const classroomOauthState = pgTable(
  'classroom_oauth_state',
  {
    state: text('state').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('classroom_oauth_state_expires_idx').on(t.expiresAt)],
);

/**
 * A Google Classroom course imported by a teacher, kept as one of their classes: importing it again
 * keeps that class in step. Deleting the class deletes the link (a later import makes a new class).
 */
export const classroomCourse = pgTable(
  'classroom_course',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    classId: uuid('class_id')
      .notNull()
      .references(() => teacherClass.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), unique('classroom_course_class_uq').on(t.classId)],
);

/**
 * An assignment posted to a course as coursework: a repeat answers `courseWorkId` and posts nothing.
 * `courseWorkId` null = a post in flight (claimed at `claimedAt`); a claim older than a minute is
 * taken over, so a process that died mid-post does not block the assignment for good.
 */
export const classroomCoursework = pgTable(
  'classroom_coursework',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignment.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseWorkId: text('course_work_id'),
    /** The coursework's page in Classroom, as Google answered it. */
    alternateLink: text('alternate_link'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.courseId] }), index('classroom_coursework_user_idx').on(t.userId)],
);
