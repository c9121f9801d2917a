import { and, asc, desc, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Turn } from '../../ai/prompt';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { notFound } from '../../lib/errors';

/** Reads and writes of conversations and their turns, every read scoped to the owner. */

export type ConversationRow = typeof schema.conversation.$inferSelect;
export type MessageRow = typeof schema.aiMessage.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks the user turn whose reply was a safety answer given without a model call. */
export const INPUT_BLOCKED = 'safety_input';

/** Marks a reply the user stopped (kept as far as it came, status interrupted). */
export const STOPPED = 'stopped';

export async function createConversation(db: Db, ownerId: string, title = '', bot: { id: string; kind: 'docbot' | 'chatbot' | 'tutorbot' } | null = null) {
  const [row] = await db.insert(schema.conversation).values({ ownerId, title, botId: bot?.id ?? null, botKind: bot?.kind ?? null }).returning();
  return row!;
}

/** The owner's conversation, or 404: another user's conversation reads as not found. */
export async function findConversation(db: Db, ownerId: string, id: string): Promise<ConversationRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('The conversation');
  const [row] = await db.select().from(schema.conversation).where(and(eq(schema.conversation.id, id), eq(schema.conversation.ownerId, ownerId)));
  if (!row) throw notFound('The conversation');
  return row;
}

export function listConversations(db: Db, ownerId: string) {
  return db.select().from(schema.conversation).where(eq(schema.conversation.ownerId, ownerId)).orderBy(desc(schema.conversation.updatedAt)).limit(200);
}

/** Every turn in order, superseded replies too: a send reads this once for its key and its history. */
export function allMessages(db: Db, conversationId: string) {
  return db.select().from(schema.aiMessage).where(eq(schema.aiMessage.conversationId, conversationId)).orderBy(asc(schema.aiMessage.seq));
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
 * safety reply without a model call is left out, so its content is never sent on.
 */
export function historyTurns(messages: MessageRow[]): Turn[] {
  const blocked = new Set(messages.filter((m) => m.errorCode === INPUT_BLOCKED).map((m) => m.replyTo));
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
export async function lockConversation(tx: Tx, conversation: ConversationRow, key: string, firstText?: string): Promise<{ seq: number; keyed: string | null }> {
  const id = conversation.id;
  await tx
    .update(schema.conversation)
    .set({ updatedAt: new Date(), ...(firstText && !conversation.title ? { title: firstText.slice(0, 80) } : {}) })
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

/** The periodic save of a streaming reply. */
export async function checkpointMessage(db: Db, id: string, text: string) {
  await db
    .update(schema.aiMessage)
    .set({ text, checkpointAt: new Date() })
    .where(and(eq(schema.aiMessage.id, id), eq(schema.aiMessage.status, 'streaming')));
}

/** The one write of a finished reply (also over a sweep that judged it dead too early). */
export async function finishMessage(db: Db, id: string, status: MessageRow['status'], text: string, errorCode: string | null) {
  await db
    .update(schema.aiMessage)
    .set({ status, text, errorCode, checkpointAt: new Date(), updatedAt: new Date() })
    .where(and(eq(schema.aiMessage.id, id), inArray(schema.aiMessage.status, ['streaming', 'interrupted'])));
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

export async function insertFlag(db: Db | Tx, values: typeof schema.safetyFlag.$inferInsert) {
  await db.insert(schema.safetyFlag).values(values);
}
