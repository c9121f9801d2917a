import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversation, flagSeverities, type ProviderSafety } from './ai';
import { studentAssignment } from './assignments';
import { user } from './auth';

// The flag sits above both the conversation (ai.ts) and the student's record (assignments.ts),
// which itself points at its conversation: in a file of its own, the schema files import in one
// direction only (docs/decisions/204-module-layers.md).

/**
 * A safety hit on a student's assignment record, for its teacher (and, for self-harm, the school's
 * admins). Teacher previews make none. `messageId` is the turn that was flagged: the student's
 * message (source input) or the tutor's reply (source output). `detectedBy`: words (the instant
 * local check), moderation (the model's pass), provider (the provider's own filter), student (the
 * student's "Report this answer", category reported: issue 18).
 */
export const safetyFlag = pgTable(
  'safety_flag',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    /** The student's assignment record the flag belongs to (null only on flags older than records). */
    studentAssignmentId: uuid('student_assignment_id').references(() => studentAssignment.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id'),
    studentId: text('student_id').notNull(),
    teacherId: text('teacher_id'),
    botId: text('bot_id'),
    /** self_harm | violence | sexual | bullying | personal_data, or provider_block when only the provider's filter says why. */
    category: text('category').notNull(),
    severity: text('severity', { enum: flagSeverities }).notNull().default('medium'),
    /** A short reason in the checker's words (the moderation pass's), never the message itself. */
    reason: text('reason').notNull().default(''),
    /** input: the student's message; output: the model's reply; provider: the provider's own block (older rows). */
    source: text('source', { enum: ['input', 'output', 'provider'] }).notNull(),
    detectedBy: text('detected_by', { enum: ['words', 'moderation', 'provider', 'student'] })
      .notNull()
      .default('words'),
    providerSafety: jsonb('provider_safety').$type<ProviderSafety>(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewNote: text('review_note').notNull().default(''),
    /** When the flag's alerts (live events, and the self-harm e-mails) were claimed: set once, so they go once. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /** Rounds in which every self-harm e-mail of this flag failed (0 for other flags). */
    alertMailFailures: integer('alert_mail_failures').notNull().default(0),
    /**
     * While the self-harm e-mails are not sent: when the next try is due (null once one went out).
     * Set when the alert is claimed, so a process that stops mid-send leaves the flag to the retry job.
     */
    alertMailRetryAt: timestamp('alert_mail_retry_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('safety_flag_teacher_idx').on(t.teacherId, t.createdAt),
    // A conversation's flags: the assignment table counts them per student record.
    index('safety_flag_conversation_idx').on(t.conversationId),
    index('safety_flag_record_idx').on(t.studentAssignmentId),
    // The alert retry job's scan: only the few flags whose e-mails are not sent.
    index('safety_flag_alert_retry_idx')
      .on(t.alertMailRetryAt)
      .where(sql`alert_mail_retry_at is not null`),
  ],
);
