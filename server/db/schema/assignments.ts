import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversation } from './ai';
import { user } from './auth';
import { bot } from './bots';
import { rosterEntry, teacherClass } from './classes';
import { supportedLocales } from '../../../contract/locale';

export const assignmentStatuses = ['open', 'closed'] as const;
export const studentAssignmentStatuses = ['assigned', 'in_progress', 'submitted', 'completed'] as const;

/**
 * A TutorBot handed to students by its teacher (teachAssignments). Always one of the teacher's own
 * TutorBots: a template is copied to the teacher first. `closedAt` set = closed (students read,
 * cannot send); `deletedAt` set = deleted (invisible to everyone; Undo clears it). `version` is
 * bumped by every edit, for optimistic concurrency. `idempotencyKey` (the New dialog's, per owner)
 * makes a double submit one assignment.
 */
export const assignment = pgTable(
  'assignment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bot.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Shown to the student above the tutor. Never sent to the model as the teacher's instructions. */
    instructions: text('instructions').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Student messages allowed per student; null = no budget. */
    messageBudget: integer('message_budget'),
    /** The language the tutor answers in whatever the student's ('en' | 'es'; a language lesson); null = the student's (decision 272). */
    responseLanguage: text('response_language', { enum: supportedLocales }),
    /** Which automatic trophy rules are on for this assignment (contract/trophies.ts); all on by default. */
    trophyRules: jsonb('trophy_rules')
      .$type<{ keptGoing: boolean; hints: boolean; cameBack: boolean; early: boolean }>()
      .notNull()
      .default({ keptGoing: true, hints: true, cameBack: true, early: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('assignment_idempotency_uq').on(t.ownerId, t.idempotencyKey),
    index('assignment_owner_idx')
      .on(t.ownerId, t.createdAt.desc())
      .where(sql`${t.deletedAt} is null`),
    index('assignment_bot_idx').on(t.botId),
  ],
);

/**
 * The whole classes an assignment was given to. A student who joins such a class later, while the
 * assignment is open, gets a record too.
 */
export const assignmentClass = pgTable(
  'assignment_class',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignment.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => teacherClass.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.classId] }), index('assignment_class_class_idx').on(t.classId)],
);

/**
 * One student's work on one assignment (the route's asid): one per assignment and student e-mail.
 * The student is the roster's: `email` (lower-case) and `name` are copied from the roster entry it
 * came through, so the record outlives the class. A student reaches the record only while a
 * current entry of the teacher's rosters with this e-mail is linked to their account. The record has
 * at most one conversation, owned by the student's account, made on Start.
 */
export const studentAssignment = pgTable(
  'student_assignment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignment.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The roster entry it came through (for the class shown in the table); null once that class is deleted. */
    rosterEntryId: uuid('roster_entry_id').references(() => rosterEntry.id, { onDelete: 'set null' }),
    /** The student's account, set when the record is first opened by them. */
    studentId: text('student_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status', { enum: studentAssignmentStatuses }).notNull().default('assigned'),
    conversationId: uuid('conversation_id').references(() => conversation.id, { onDelete: 'set null' }),
    /** Student messages sent (what the message budget counts). */
    messageCount: integer('message_count').notNull().default(0),
    /** Seconds of work: the gaps between the student's turns, each gap capped (see the service). */
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    feedback: text('feedback').notNull().default(''),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('student_assignment_assignment_email_uq').on(t.assignmentId, t.email),
    index('student_assignment_email_idx').on(t.email),
    index('student_assignment_student_idx').on(t.studentId),
    index('student_assignment_conversation_idx').on(t.conversationId),
  ],
);

export const trophyKinds = ['teacher', 'keptGoing', 'hints', 'cameBack', 'early'] as const;

/**
 * A trophy a student earned on one assignment record: awarded by the teacher (`teacher`, any
 * number, `awardedBy` set) or by one of the automatic rules (at most one of each kind per record).
 * `reason` is what the student and the teacher see. `takenBackAt` set = the teacher took their award
 * back (invisible to every read and count; their Undo clears it, so the same trophy comes back).
 */
export const trophy = pgTable(
  'trophy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentAssignmentId: uuid('student_assignment_id')
      .notNull()
      .references(() => studentAssignment.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: trophyKinds }).notNull(),
    reason: text('reason').notNull(),
    awardedBy: text('awarded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    takenBackAt: timestamp('taken_back_at', { withTimezone: true }),
  },
  (t) => [
    index('trophy_record_idx').on(t.studentAssignmentId, t.createdAt),
    uniqueIndex('trophy_rule_once_uq')
      .on(t.studentAssignmentId, t.kind)
      .where(sql`${t.kind} <> 'teacher'`),
  ],
);
