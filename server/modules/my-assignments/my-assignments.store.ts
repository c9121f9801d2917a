import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { LiveEvent } from '../../../contract/live';
import { isUuid } from '../../../contract/common';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { notifyCall } from '../../core/live';
import { studentOwnsRecord } from '../assignments';
import { knowledgeJson, knowledgeTexts, parseKnowledge } from '../bots';
import { messageWindow, messagesFromJson } from '../conversations';
import type { TurnGuard } from '../conversations';

/**
 * The student side's reads and writes of assignment records. Every one is scoped by
 * `studentOwnsRecord` in its where clause: a record that is not the caller's (another student's,
 * deleted, off the roster) is simply not there.
 */

const sa = schema.studentAssignment;
const a = schema.assignment;
const b = schema.bot;
const teacher = schema.user;

/** Seconds of one gap between a student's actions counted as work at most (docs/decisions/121-time-spent-and-cutting-open-streams.md). */
export const MAX_GAP_SECONDS = 300;

/** What the student's views show: the record, its assignment, the tutor's public face and the teacher's name. */
const viewColumns = {
  record: sa,
  assignment: {
    id: a.id,
    ownerId: a.ownerId,
    title: a.title,
    instructions: a.instructions,
    dueAt: a.dueAt,
    messageBudget: a.messageBudget,
    responseLanguage: a.responseLanguage,
    closedAt: a.closedAt,
    createdAt: a.createdAt,
  },
  bot: {
    id: b.id,
    ownerId: b.ownerId,
    schoolId: b.schoolId,
    kind: b.kind,
    name: b.name,
    icon: b.icon,
    iconFileId: b.iconFileId,
    settings: b.settings,
    templateKey: b.templateKey,
    deletedAt: b.deletedAt,
  },
  teacherName: teacher.name,
};

export type RecordView = {
  record: typeof sa.$inferSelect;
  assignment: Pick<typeof a.$inferSelect, keyof (typeof viewColumns)['assignment']>;
  bot: Pick<typeof b.$inferSelect, keyof (typeof viewColumns)['bot']>;
  teacherName: string;
};

const viewFrom = (db: Db | Tx) =>
  db
    .select(viewColumns)
    .from(sa)
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .innerJoin(b, eq(b.id, a.botId))
    .innerJoin(teacher, eq(teacher.id, a.ownerId));

/** The caller's records, newest assignment first (closed ones included). */
export function listRecords(db: Db, userId: string): Promise<RecordView[]> {
  // The roster entries linked to the caller drive the query (indexed by user, then by e-mail).
  const mine = db
    .select({ email: schema.rosterEntry.email })
    .from(schema.rosterEntry)
    .where(and(eq(schema.rosterEntry.userId, userId), isNull(schema.rosterEntry.removedAt)));
  return viewFrom(db)
    .where(and(inArray(sa.email, mine), studentOwnsRecord(userId)))
    .orderBy(desc(a.createdAt), desc(sa.id))
    .limit(500);
}

/** The caller's record, or undefined (also for an id that is not a uuid). */
export async function findRecord(db: Db | Tx, userId: string, asid: string): Promise<RecordView | undefined> {
  if (!isUuid(asid)) return undefined;
  const [row] = await viewFrom(db).where(and(eq(sa.id, asid), studentOwnsRecord(userId)));
  return row;
}

/**
 * The record whose conversation this is, and its student's account (for the safety re-check of a
 * held turn, which runs with no request): undefined when there is none.
 */
export async function recordOfConversation(
  db: Db,
  conversationId: string,
): Promise<{ asid: string; user: { id: string; name: string; email: string; emailVerified: boolean; role: 'student' } } | undefined> {
  const u = schema.user;
  const [row] = await db
    .select({ asid: sa.id, id: u.id, name: u.name, email: u.email, emailVerified: u.emailVerified, role: u.role })
    .from(sa)
    .innerJoin(u, eq(u.id, sa.studentId))
    .where(eq(sa.conversationId, conversationId))
    .limit(1);
  if (!row || row.role !== 'student') return undefined;
  return { asid: row.asid, user: { id: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, role: 'student' } };
}

/**
 * The replies of the caller's record that the caller reported ("Report this answer"), never the
 * checks' flags. The caller found the record through findRecord (scoped) first.
 */
export async function reportedReplyIds(db: Db, userId: string, recordId: string): Promise<string[]> {
  const f = schema.safetyFlag;
  const rows = await db
    .selectDistinct({ messageId: f.messageId })
    .from(f)
    .where(and(eq(f.studentAssignmentId, recordId), eq(f.detectedBy, 'student'), eq(f.studentId, userId), isNotNull(f.messageId)));
  return rows.flatMap((r) => (r.messageId ? [r.messageId] : []));
}

/** Marks the record as the caller's the first time they open it. */
export async function claimRecord(db: Db, userId: string, asid: string): Promise<void> {
  await db
    .update(sa)
    .set({ studentId: userId })
    .where(and(eq(sa.id, asid), isNull(sa.studentId)));
}

export type MessageRow = typeof schema.aiMessage.$inferSelect;
export type ConversationRow = typeof schema.conversation.$inferSelect;

/**
 * What a send reads, in one query: the caller's record with its assignment, tutor and teacher, the
 * tutor's instructions, settings and ready knowledge, the record's conversation (the caller's own)
 * and its latest `window` turns, oldest first. Turns and knowledge come as one JSON value each, so
 * the row is not repeated per turn.
 */
export async function recordForSend(
  db: Db,
  userId: string,
  asid: string,
  window: number,
): Promise<{ view: RecordView; tutor: Tutor; conversation: ConversationRow | null; messages: MessageRow[] } | undefined> {
  if (!isUuid(asid)) return undefined;
  const c = schema.conversation;
  const [row] = await db
    .select({
      ...viewColumns,
      tutor: { instructions: b.instructions, temperature: b.temperature },
      knowledge: sql<unknown>`${knowledgeJson(b.id)}`,
      conversation: c,
      messages: messageWindow(c.id, window),
    })
    .from(sa)
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .innerJoin(b, eq(b.id, a.botId))
    .innerJoin(teacher, eq(teacher.id, a.ownerId))
    .leftJoin(c, and(eq(c.id, sa.conversationId), eq(c.ownerId, userId)))
    .where(and(eq(sa.id, asid), studentOwnsRecord(userId)));
  if (!row) return undefined;
  const view: RecordView = { record: row.record, assignment: row.assignment, bot: row.bot, teacherName: row.teacherName };
  const tutor: Tutor = {
    bot: { id: row.bot.id, kind: row.bot.kind, settings: row.bot.settings, ...row.tutor },
    knowledge: parseKnowledge(row.knowledge),
  };
  // Without a conversation of the caller's, the window reads none.
  return { view, tutor, conversation: row.conversation, messages: row.conversation ? messagesFromJson(row.messages) : [] };
}

/**
 * The assigned tutor's instructions, settings and knowledge (the ready files' text), through the
 * caller's record (`studentOwnsRecord`): read only for a send or retry that passed its checks.
 */
export async function tutorOfRecord(db: Db, userId: string, asid: string): Promise<Tutor | undefined> {
  if (!isUuid(asid)) return undefined;
  const [bot] = await db
    .select({ id: b.id, kind: b.kind, instructions: b.instructions, settings: b.settings, temperature: b.temperature })
    .from(sa)
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .innerJoin(b, eq(b.id, a.botId))
    .where(and(eq(sa.id, asid), studentOwnsRecord(userId)));
  if (!bot) return undefined;
  return { bot, knowledge: await knowledgeTexts(db, bot.id) };
}

/** How often the conversation's latest reply has been asked for again: the superseded replies to the same student turn. */
export async function retriesOfLastTurn(db: Db, conversationId: string): Promise<number> {
  const m = schema.aiMessage;
  const result = (await db.execute(sql`select count(*)::int as n from ${m} s
    where s.conversation_id = ${conversationId} and s.role = 'assistant' and s.status = 'superseded'
      and s.reply_to = (select l.reply_to from ${m} l where l.conversation_id = ${conversationId} and l.status <> 'superseded'
        order by l.seq desc limit 1)`)) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export interface Tutor {
  bot: Pick<typeof b.$inferSelect, 'id' | 'kind' | 'instructions' | 'settings' | 'temperature'>;
  knowledge: { name: string; text: string }[];
}

/** The teacher's live event for one record. */
export const recordEvent = (view: Pick<RecordView, 'record'>): LiveEvent => ({
  type: 'assignment.updated',
  assignmentId: view.record.assignmentId,
  studentAssignmentId: view.record.id,
});

/** The time since the last action, capped, added to the time spent (SET expressions of an UPDATE of student_assignment). */
const timeSpentAfter = (now: Date) =>
  sql`time_spent_seconds = time_spent_seconds + coalesce(least(${MAX_GAP_SECONDS}, greatest(0,
    floor(extract(epoch from (${now.toISOString()}::timestamptz - last_active_at)))))::int, 0)`;

/** The record may take a new message: open, not handed in, under its budget, still the caller's. */
const mayCompose = (userId: string) => sql`${sa.status} in ('assigned', 'in_progress') and ${a.closedAt} is null
  and (${a.messageBudget} is null or ${sa.messageCount} < ${a.messageBudget}) and ${studentOwnsRecord(userId)}`;

/**
 * The guard a student's send places in the one write that stores their turn: nothing is counted
 * unless the record may take the message; then the message count goes up (only while under the
 * budget, checked again on the row itself, so two sends racing for the last message cannot both
 * pass), the status moves from assigned to in progress, the time spent and last activity are
 * updated, and the teacher's live event is sent, all or nothing with the turn.
 */
export function sendGuard(userId: string, view: RecordView, now = new Date()): TurnGuard {
  const asid = view.record.id;
  return {
    ready: sql`exists (select 1 from ${sa} join ${a} on ${a.id} = ${sa.assignmentId} where ${sa.id} = ${asid} and ${mayCompose(userId)})`,
    write: (gate: SQL) => sql`update ${sa} set message_count = message_count + 1,
        status = case when status = 'assigned' then 'in_progress' else status end,
        started_at = coalesce(started_at, ${now.toISOString()}::timestamptz),
        ${timeSpentAfter(now)},
        last_active_at = ${now.toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      where ${sa.id} = ${asid} and ${gate}
        and exists (select 1 from ${a} where ${a.id} = ${sa.assignmentId} and ${mayCompose(userId)})
      returning ${sa.id}, ${notifyCall(view.assignment.ownerId, recordEvent(view))} as notified`,
  };
}

/**
 * Start: the record's one conversation, made once. The record row is locked first, so a double
 * submit's second start waits and then finds the first one's conversation. Answers whether it
 * changed anything, or undefined when the record is not the caller's.
 */
export async function startRecord(
  db: Db,
  userId: string,
  asid: string,
  refuse: (view: RecordView) => void,
  now = new Date(),
): Promise<boolean | undefined> {
  if (!isUuid(asid)) return undefined;
  return db.transaction(async (tx) => {
    const [locked] = await viewFrom(tx)
      .where(and(eq(sa.id, asid), studentOwnsRecord(userId)))
      .for('update', { of: sa });
    if (!locked) return undefined;
    refuse(locked);
    if (locked.record.conversationId) return false;
    const [conversation] = await tx
      .insert(schema.conversation)
      .values({ ownerId: userId, title: locked.assignment.title.slice(0, 80), botId: locked.bot.id, botKind: 'tutorbot' })
      .returning({ id: schema.conversation.id });
    const begins = locked.record.status === 'assigned';
    await tx
      .update(sa)
      .set({
        conversationId: conversation!.id,
        studentId: userId,
        ...(begins ? { status: 'in_progress' as const } : {}),
        startedAt: locked.record.startedAt ?? now,
        lastActiveAt: now,
        updatedAt: now,
      })
      .where(eq(sa.id, asid));
    await tx.execute(sql`select ${notifyCall(locked.assignment.ownerId, recordEvent(locked))}`);
    return true;
  });
}

/**
 * "I'm done": submitted, with the time since the last action counted. Only from assigned or in
 * progress on an open assignment; answers false when nothing changed (already handed in, closed,
 * or not the caller's: the caller reads the record again to tell which).
 */
export async function submitRecord(db: Db, userId: string, view: RecordView, now = new Date()): Promise<boolean> {
  const result = (await db.execute(sql`update ${sa} set status = 'submitted', submitted_at = ${now.toISOString()}::timestamptz,
      ${timeSpentAfter(now)}, last_active_at = ${now.toISOString()}::timestamptz,
      started_at = coalesce(started_at, ${now.toISOString()}::timestamptz),
      version = version + 1, updated_at = ${now.toISOString()}::timestamptz
    where ${sa.id} = ${view.record.id} and ${sa.status} in ('assigned', 'in_progress')
      and exists (select 1 from ${a} where ${a.id} = ${sa.assignmentId} and ${a.closedAt} is null and ${studentOwnsRecord(userId)})
    returning ${sa.id}, ${notifyCall(view.assignment.ownerId, recordEvent(view))} as notified`)) as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Of the given (record, student) pairs, the records the student may still open, in one statement. */
export async function stillOpen(db: Db, pairs: { asid: string; userId: string }[]): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const result = (await db.execute(sql`
    select v.asid::text as asid from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(asid uuid, "userId" text)
    join ${sa} on ${sa.id} = v.asid join ${a} on ${a.id} = ${sa.assignmentId}
    where ${studentOwnsRecord(sql`v."userId"`)}`)) as { rows: { asid: string }[] };
  return new Set(result.rows.map((r) => r.asid));
}

/** The uploaded picture of the record's tutor (a ready icon or image file of a picture type), if it has one. */
export async function tutorIconFile(db: Db, fileId: string, types: readonly string[]) {
  const f = schema.file;
  const [row] = await db
    .select()
    .from(f)
    .where(and(eq(f.id, fileId), eq(f.status, 'ready'), inArray(f.purpose, ['icon', 'image']), inArray(f.sniffedType, [...types])));
  return row;
}
