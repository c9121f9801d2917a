import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { teacherClass } from './classes';

/**
 * A conversation with the AI engine: a chat, a document run, or a tutor session. The bot reference
 * has no foreign key yet: bots arrive in a later issue and will add it.
 */
export const conversation = pgTable(
  'conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null for the plain teacher assistant. */
    botId: text('bot_id'),
    botKind: text('bot_kind', { enum: ['docbot', 'chatbot', 'tutorbot'] }),
    title: text('title').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_owner_idx').on(t.ownerId, t.updatedAt)],
);

/**
 * One turn. `seq` orders the conversation; a user turn carries the send's idempotency key, an
 * assistant turn made by a retry carries the retry's key. A streaming reply is written at its
 * checkpoints and once at the end, never per chunk.
 */
export const aiMessage = pgTable(
  'ai_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    text: text('text').notNull().default(''),
    /**
     * A reply the teacher edited by hand (DocBot "Edit by hand"): the model's own text, kept once
     * at the first edit while `text` holds the edited one. Null: never edited.
     */
    originalText: text('original_text'),
    /** Bumped by every hand edit, for optimistic concurrency (If-Match / `version`), like Saved Docs. */
    version: integer('version').notNull().default(1),
    /**
     * held: a student-facing turn the moderation pass could not check yet (it failed or timed out).
     * The reply row stands for the answer to come; `errorCode` says what waits: held_input (the
     * student's message, not yet shown to the model) or held_output (the reply, kept but not yet
     * shown to the student). A scheduled re-check releases it (server/modules/safety).
     */
    status: text('status', { enum: ['complete', 'streaming', 'interrupted', 'blocked', 'failed', 'superseded', 'held'] }).notNull(),
    /** For an assistant turn: the user turn it answers. */
    replyTo: uuid('reply_to'),
    idempotencyKey: text('idempotency_key'),
    errorCode: text('error_code'),
    checkpointAt: timestamp('checkpoint_at', { withTimezone: true }),
    /** The provider's own safety signals for this turn when it gave any (Gemini: block reason, safety ratings). */
    providerSafety: jsonb('provider_safety').$type<ProviderSafety>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_message_held_idx')
      .on(t.status, t.checkpointAt)
      .where(sql`${t.status} = 'held'`),
    unique('ai_message_seq_uq').on(t.conversationId, t.seq),
    unique('ai_message_idempotency_uq').on(t.conversationId, t.idempotencyKey),
    index('ai_message_streaming_idx')
      .on(t.status)
      .where(sql`${t.status} = 'streaming'`),
  ],
);

/**
 * Every model call, for quotas and the usage dashboards. `poolOwnerId` is whose monthly quota the
 * call draws on (a student's teacher). A row is written as `pending` before the call so that
 * concurrent calls count against the quota, and finished after it.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    poolOwnerId: text('pool_owner_id').notNull(),
    schoolId: uuid('school_id'),
    botId: text('bot_id'),
    conversationId: uuid('conversation_id'),
    messageId: uuid('message_id'),
    /**
     * A student's call: the class its conversation's assignment record came through (the record's
     * roster entry), set when the row is written (migration 0033's row trigger, when the writer
     * gives none) and kept when the transcript or the record goes; when the class is deleted its
     * calls become "Not from a class" (the key's ON DELETE SET NULL, which the summary's update
     * trigger follows, migration 0034). Null for a teacher's own calls.
     */
    classId: uuid('class_id').references(() => teacherClass.id, { onDelete: 'set null' }),
    /** moderation: the safety pass on a student turn; metered here, never counted against a quota. */
    kind: text('kind', { enum: ['text', 'image', 'moderation'] }).notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    images: integer('images').notNull().default(0),
    latencyMs: integer('latency_ms'),
    /** pending | ok | interrupted | blocked | error; errors do not count against the quota. */
    outcome: text('outcome').notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_usage_pool_idx').on(t.poolOwnerId, t.kind, t.createdAt),
    index('ai_usage_school_idx').on(t.schoolId, t.createdAt),
    /** For the class key's ON DELETE SET NULL: a deleted class's calls, found without a scan. */
    index('ai_usage_class_idx')
      .on(t.classId)
      .where(sql`class_id is not null`),
  ],
);

/**
 * The school dashboard's per-day summary of `ai_usage` (decision 279): the counted calls (text and
 * image, outcome ok, interrupted or blocked) of a school's UTC day, added up at the dashboard's own
 * grain: pool owner, caller, bot and (a student's) class, the class as the usage row recorded it,
 * so a read joins nothing per row. Statement triggers on ai_usage keep it (migrations 0030, 0033),
 * in the writer's transaction, with one upsert of increments: it always equals the grouped rows.
 */
export const aiUsageDay = pgTable(
  'ai_usage_day',
  {
    schoolId: uuid('school_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    poolOwnerId: text('pool_owner_id').notNull(),
    userId: text('user_id').notNull(),
    botId: text('bot_id'),
    classId: uuid('class_id'),
    /** The counted rows in the group: 0 never stays (the trigger deletes the row). */
    calls: integer('calls').notNull(),
    generations: integer('generations').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
    images: integer('images').notNull(),
  },
  (t) => [unique('ai_usage_day_key').on(t.schoolId, t.day, t.poolOwnerId, t.userId, t.botId, t.classId).nullsNotDistinct()],
);

/**
 * The month's counted calls of a quota pool, by kind: what the quota check reads and raises in one
 * statement, so concurrent calls of one pool wait on one row only for the moment of a commit.
 * `month` is the calendar month in UTC, 'YYYY-MM'. A failed call gives its count back.
 */
export const aiQuotaUse = pgTable(
  'ai_quota_use',
  {
    poolOwnerId: text('pool_owner_id').notNull(),
    month: text('month').notNull(),
    kind: text('kind', { enum: ['text', 'image'] }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.poolOwnerId, t.month, t.kind] })],
);

/** What a provider said about a turn's safety, as it said it (Gemini's names). */
export interface ProviderSafety {
  blockReason?: string;
  finishReason?: string;
  ratings?: { category: string; probability?: string; blocked?: boolean }[];
}

export const flagSeverities = ['low', 'medium', 'high'] as const;

/**
 * A request for a generated image, under its idempotency key: claimed (pending) before the model
 * call so a double submit makes one. The image itself is a row of `file` with this row's id
 * (purpose image), stored, counted and served like any file.
 */
export const generatedImage = pgTable(
  'generated_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['pending', 'complete', 'failed'] }).notNull(),
    prompt: text('prompt').notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('generated_image_idempotency_uq').on(t.ownerId, t.idempotencyKey)],
);
