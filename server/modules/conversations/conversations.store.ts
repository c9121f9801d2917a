import { and, asc, desc, eq, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contract/common';
import type { Turn } from '../../ai/prompt';
import type { RateRow, RateRule } from '../../auth/rate-limit';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { isUniqueViolation, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import type { ProviderSafety } from '../../db/schema/ai';
import { quotaGiveBack, type Reservation, type UsageOutcome } from '../usage';
import { titleFromMessage } from './conversations.title';
import {
  finishReplyStatement,
  fromJson,
  messagesFromJson,
  openReplyStatement,
  sendRead,
  type OpenReplyRow,
  type SendReadParams,
} from './conversations.send-sql';

/** Reads and writes of conversations and their turns, every read scoped to the owner. */

export type ConversationRow = typeof schema.conversation.$inferSelect;
export type MessageRow = typeof schema.aiMessage.$inferSelect;

/** Marks the user turn whose reply was a safety answer given without a model call. */
export const INPUT_BLOCKED = 'safety_input';

/** A held reply row (status held) waiting for the safety re-check of the student's message: no model call yet. */
export const HELD_INPUT = 'held_input';

/** A held reply row whose text the model wrote but the re-check has not yet let the student see. */
export const HELD_OUTPUT = 'held_output';

/** Marks a reply the user stopped (kept as far as it came, status interrupted). */
export const STOPPED = 'stopped';

export async function createConversation(
  db: Db,
  ownerId: string,
  title = '',
  bot: { id: string; kind: 'docbot' | 'chatbot' | 'tutorbot' } | null = null,
) {
  const [row] = await db
    .insert(schema.conversation)
    .values({ ownerId, title, botId: bot?.id ?? null, botKind: bot?.kind ?? null })
    .returning();
  return row!;
}

/** The owner's conversation, or 404: another user's conversation reads as not found. */
export async function findConversation(db: Db, ownerId: string, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound(message('conversationNotFound'));
  const [row] = await db
    .select()
    .from(schema.conversation)
    .where(and(eq(schema.conversation.id, id), eq(schema.conversation.ownerId, ownerId)));
  if (!row) throw notFound(message('conversationNotFound'));
  return row;
}

export function listConversations(db: Db, ownerId: string) {
  return db
    .select()
    .from(schema.conversation)
    .where(eq(schema.conversation.ownerId, ownerId))
    .orderBy(desc(schema.conversation.updatedAt))
    .limit(200);
}

/** What a teacher's send reads in its one statement (conversations.send-sql sendRead). */
export interface SendReadResult {
  conversation: ConversationRow;
  /** Its latest `window` turns (superseded replies too), oldest first. */
  messages: MessageRow[];
  /** The bot run's form answers; null when the conversation has no bot run. */
  inputs: { key: string; label: string; value: string }[] | null;
  /** The run's bot, only while the actor may still run it. */
  bot: RunBot | null;
  /** The bot's ready knowledge texts, in the bot's order ([] without a bot). */
  knowledge: { name: string; text: string }[];
}

export type RunBot = Pick<typeof schema.bot.$inferSelect, 'id' | 'kind' | 'instructions' | 'settings' | 'temperature'>;

/**
 * The owner's conversation with everything its send needs, in one query (see sendRead). Another
 * user's conversation reads as not found.
 */
export async function conversationForSend(db: Db, p: SendReadParams): Promise<SendReadResult> {
  if (!isUuid(p.conversationId)) throw notFound(message('conversationNotFound'));
  const [row] = await sendRead(db, p);
  if (!row) throw notFound(message('conversationNotFound'));
  return {
    conversation: row.conversation,
    messages: messagesFromJson(row.messages),
    inputs: row.run?.inputs ?? null,
    bot: row.bot,
    knowledge: fromJson<{ name: string; text: string }[] | null>(row.knowledge) ?? [],
  };
}

/** Drops the replies a retry replaced. */
export const visibleOf = (messages: MessageRow[]) => messages.filter((m) => m.status !== 'superseded');

/** Every visible turn, once, in order (a superseded reply was replaced by a retry). */
export function visibleMessages(db: Db, conversationId: string) {
  return db
    .select()
    .from(schema.aiMessage)
    .where(and(eq(schema.aiMessage.conversationId, conversationId), ne(schema.aiMessage.status, 'superseded')))
    .orderBy(asc(schema.aiMessage.seq));
}

/** The form answers a DocBot run was started with ([] for other conversations), in the form's order. */
export async function runInputs(db: Db, conversationId: string) {
  const [row] = await db
    .select({ inputs: schema.botRun.inputs })
    .from(schema.botRun)
    .where(eq(schema.botRun.conversationId, conversationId));
  return row?.inputs ?? [];
}

export async function findByKey(db: Db | Tx, conversationId: string, key: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.aiMessage)
    .where(and(eq(schema.aiMessage.conversationId, conversationId), eq(schema.aiMessage.idempotencyKey, key)));
  return row;
}

/** The current reply to a user turn (not a superseded one). */
export async function findReply(db: Db, userMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.aiMessage)
    .where(and(eq(schema.aiMessage.replyTo, userMessageId), ne(schema.aiMessage.status, 'superseded')))
    .orderBy(desc(schema.aiMessage.seq))
    .limit(1);
  return row;
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(schema.aiMessage).where(eq(schema.aiMessage.id, id));
  return row;
}

/**
 * The turns the model sees: complete replies and the user turns they answer. A turn answered by a
 * safety reply without a model call is left out, so its content is never sent on; so is a turn
 * still held for the safety re-check (and a held reply is not complete, so never sent either).
 */
export function historyTurns(messages: MessageRow[]): Turn[] {
  const blocked = new Set(
    messages.filter((m) => m.errorCode === INPUT_BLOCKED || (m.status === 'held' && m.errorCode === HELD_INPUT)).map((m) => m.replyTo),
  );
  const turns: Turn[] = [];
  for (const m of messages) {
    if (m.role === 'user' && !blocked.has(m.id)) turns.push({ role: 'user', text: m.text });
    if (m.role === 'assistant' && m.status === 'complete') turns.push({ role: 'assistant', text: m.text });
  }
  return turns;
}

/**
 * Locks the conversation row for the rest of the transaction (sends to one conversation queue
 * here) while marking it used (and titling it from its first message), then reads its last seq and
 * the message holding `key`, if any. Two statements on purpose: under READ COMMITTED a statement
 * that waited for the lock still reads with its old snapshot, so the read must come after the lock
 * to see what the other sender committed.
 */
export async function lockConversation(
  tx: Tx,
  conversation: ConversationRow,
  key: string,
  firstText?: string,
): Promise<{ seq: number; keyed: string | null }> {
  const id = conversation.id;
  await tx
    .update(schema.conversation)
    .set({ updatedAt: new Date(), ...(firstText && !conversation.title ? { title: titleFromMessage(firstText) } : {}) })
    .where(eq(schema.conversation.id, id));
  const result = await tx.execute<{ seq: number | string | null; keyed: string | null }>(sql`
    select (select max(seq) from ai_message where conversation_id = ${id}) as seq,
           (select id from ai_message where conversation_id = ${id} and idempotency_key = ${key}) as keyed`);
  const row = (result as { rows: { seq: number | string | null; keyed: string | null }[] }).rows[0];
  return { seq: Number(row?.seq ?? 0), keyed: row?.keyed ?? null };
}

export async function insertMessages(tx: Tx, values: (typeof schema.aiMessage.$inferInsert)[]) {
  await tx.insert(schema.aiMessage).values(values);
}

export async function supersede(tx: Tx, id: string) {
  await tx.update(schema.aiMessage).set({ status: 'superseded', updatedAt: new Date() }).where(eq(schema.aiMessage.id, id));
}

export interface OpenReply {
  conversationId: string;
  userId: string;
  replyId: string;
  text: string;
  idempotencyKey: string;
  /** The conversation's title when it has none yet. */
  title: string;
  rate: { key: string; rule: RateRule };
  reservation: Reservation;
  /** A caller's own condition and write, made part of the same statement (see TurnGuard). */
  guard?: TurnGuard;
}

/**
 * What another module adds to the statement that stores a user turn (an assignment's record: its
 * message budget, counts and live event). The module owns the SQL; this one only places it.
 */
export interface TurnGuard {
  /** A condition read before anything is counted: false stores and counts nothing (besides the rate). */
  ready: SQL;
  /**
   * A data-modifying statement (an UPDATE ... RETURNING) that runs with the turns, only where `gate`
   * holds; it returns no row when its own condition no longer holds, and then no turn is stored.
   */
  write(gate: SQL): SQL;
}

/** Runs a guard's write on its own, in the caller's transaction: false when it refused (wrote nothing). */
export async function writeGuard(tx: Tx, guard: TurnGuard): Promise<boolean> {
  const result = (await tx.execute(guard.write(sql`true`))) as { rows: unknown[] };
  return result.rows.length > 0;
}

export interface OpenedReply {
  rate: RateRow;
  /** The quota counted this call (false: the month is used up, or the rate limit stopped it first). */
  counted: boolean;
  /** The pending usage row: set when the turns were stored. */
  usageId: string | null;
  /** The guard's condition held (true without a guard). */
  ready: boolean;
}

/**
 * Everything a send stores before the model call, in one statement (all of it or nothing): the
 * per-user rate counter, then, if under the rate, the pool's month counter, then, if under the
 * quota, the conversation marked used (and titled), the user turn, the reply row 'streaming' and
 * the pending usage row. Two sends racing for one seq: the loser fails on the seq's unique key and
 * is tried again; a repeated idempotency key fails on its unique key (the caller replays it).
 */
export async function openReply(db: Db, o: OpenReply, now = new Date()): Promise<OpenedReply> {
  const statement = openReplyStatement(o, now);
  for (let attempt = 1; ; attempt++) {
    try {
      const row = ((await db.execute<OpenReplyRow>(statement)) as { rows: OpenReplyRow[] }).rows[0]!;
      return {
        rate: { window_start: row.window_start, count: row.count },
        counted: row.counted,
        usageId: row.usage_id,
        ready: row.ready,
      };
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err, 'ai_message_seq_uq')) continue;
      throw err;
    }
  }
}

/**
 * The periodic save of the given streaming replies, in one statement. A reply that finished in the
 * meantime is left as it is.
 */
/**
 * Saves the text of replies streaming in this process and renews their lease (checkpoint_at); a
 * reply given `text: null` only has its lease renewed (its text has not grown since).
 */
export async function checkpointMessages(db: Db, replies: { id: string; text: string | null }[]) {
  if (!replies.length) return;
  await db.execute(sql`
    update ai_message m set text = coalesce(v.text, m.text), checkpoint_at = now()
    from jsonb_to_recordset(${JSON.stringify(replies)}::jsonb) as v(id uuid, text text)
    where m.id = v.id and m.status = 'streaming'`);
}

/** The one write of a finished reply and its usage row, in one statement (also over a sweep that judged the reply dead too early). */
export async function finishReply(
  db: Db,
  id: string,
  status: MessageRow['status'],
  text: string,
  errorCode: string | null,
  usageId: string,
  usage: UsageOutcome,
  providerSafety?: ProviderSafety,
) {
  await db.execute(finishReplyStatement({ id, status, text, errorCode, usageId, usage, providerSafety }));
}

/**
 * True when a student's message got a moderation verdict (a call that answered, or that the
 * provider refused: a block is a verdict too). A failed call or none at all leaves it unchecked.
 */
export async function inputWasModerated(db: Db, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.aiUsage.id })
    .from(schema.aiUsage)
    .where(
      and(
        eq(schema.aiUsage.messageId, messageId),
        eq(schema.aiUsage.kind, 'moderation'),
        inArray(schema.aiUsage.outcome, ['ok', 'blocked']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Ends an opened reply that made no model call (the student's message was blocked or held by the
 * safety check): the reply row as given, its pending usage row deleted and the quota count given
 * back, in one statement.
 */
export async function settleWithoutCall(
  db: Db,
  id: string,
  status: 'blocked' | 'held',
  text: string,
  errorCode: string,
  usageId: string,
  providerSafety?: ProviderSafety,
) {
  await db.execute(sql`with reply as (
      update ai_message set status = ${status}, text = ${text}, error_code = ${errorCode}, checkpoint_at = now(), updated_at = now(),
        provider_safety = ${providerSafety ? JSON.stringify(providerSafety) : null}::jsonb
      where id = ${id} and status = 'streaming'
    ),
    gone as (
      delete from ai_usage where id = ${usageId}
      returning pool_owner_id, kind, to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, true as gives_back
    )
    ${quotaGiveBack(sql`gone`)}`);
}

/**
 * Marks replies left 'streaming' by a process that stopped as interrupted, keeping the text of
 * their last checkpoint. `before`: a reply whose checkpoint is older is dead unless it is live here.
 */
export async function sweepInterrupted(db: Db, before: Date, liveHere: string[], conversationId?: string) {
  await db
    .update(schema.aiMessage)
    .set({ status: 'interrupted', errorCode: 'interrupted', updatedAt: new Date() })
    .where(
      and(
        eq(schema.aiMessage.status, 'streaming'),
        lt(schema.aiMessage.checkpointAt, before),
        liveHere.length ? notInArray(schema.aiMessage.id, liveHere) : undefined,
        conversationId ? eq(schema.aiMessage.conversationId, conversationId) : undefined,
      ),
    );
}

/** Stores a flag; returns its id (for the alert, sent after the transaction). */
export async function insertFlag(db: Db | Tx, values: typeof schema.safetyFlag.$inferInsert): Promise<string> {
  const [row] = await db.insert(schema.safetyFlag).values(values).returning({ id: schema.safetyFlag.id });
  return row!.id;
}

/** A held reply about to be answered: back to 'streaming' (its checkpoint now), only if it is still held. */
export async function reopenHeld(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(schema.aiMessage)
    .set({ status: 'streaming', errorCode: null, text: '', checkpointAt: new Date(), updatedAt: new Date() })
    .where(and(eq(schema.aiMessage.id, id), eq(schema.aiMessage.status, 'held')))
    .returning({ id: schema.aiMessage.id });
  return rows.length > 0;
}

/** Ends a held reply as the re-check decided, only if it is still held: false when another process did first. */
export async function endHeld(
  db: Db | Tx,
  id: string,
  status: 'complete' | 'blocked' | 'failed',
  text: string | undefined,
  errorCode: string | null,
  providerSafety?: ProviderSafety,
): Promise<boolean> {
  const rows = await db
    .update(schema.aiMessage)
    .set({
      status,
      errorCode,
      ...(text === undefined ? {} : { text }),
      ...(providerSafety ? { providerSafety } : {}),
      checkpointAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(schema.aiMessage.id, id), eq(schema.aiMessage.status, 'held')))
    .returning({ id: schema.aiMessage.id });
  return rows.length > 0;
}

/**
 * Claims up to `limit` held replies for a re-check, safely across processes: the rows another
 * process is claiming are skipped (FOR UPDATE SKIP LOCKED), and each claim moves the row's
 * checkpoint to now, so no process takes it again for `minAgeMs` (the backoff between checks).
 */
export async function claimHeld(db: Db, minAgeMs: number, limit = 20): Promise<MessageRow[]> {
  const result = await db.execute<{ id: string }>(sql`
    update ai_message set checkpoint_at = now()
    where id in (
      select id from ai_message
      where status = 'held' and (checkpoint_at is null or checkpoint_at <= now() - ${`${Math.max(0, Math.round(minAgeMs))} milliseconds`}::interval)
      order by checkpoint_at nulls first
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (!ids.length) return [];
  return db.select().from(schema.aiMessage).where(inArray(schema.aiMessage.id, ids));
}
