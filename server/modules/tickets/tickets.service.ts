import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  CreateTicketInput,
  SupportReplyInput,
  SupportTicketList,
  SupportTicketListQuery,
  TicketDetail,
  TicketList,
  TicketListQuery,
  TicketMessageInput,
  TicketReport,
} from '../../../contract/tickets';
import { OWN_TICKETS_PAGE_SIZE, REPORT_TURNS_MAX, SUPPORT_TICKETS_PAGE_SIZE } from '../../../contract/tickets';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import type { AppDeps, SessionUser } from '../../core/context';
import { cursorTimestamp, keysetCursor, timestampText } from '../../lib/cursor';
import { notFound, conflict } from '../../lib/errors';
import { message } from '../../lib/message';
import { recordAudit, auditSnapshot } from '../../core/audit';
import { findOwnFile } from '../files';
import type { FileRow } from '../files';
import { ticketNotFound } from './tickets.policy';
import { presentDetail, presentSummary, type Reader, type TicketRow } from './tickets.presenter';
import { mailOpenerOfReply, mailSupportOfMessage } from './tickets.mail';

const { supportTicket, supportMessage } = schema;

/**
 * The reported conversation's copy is kept as a message row of its own (never shown as a message)
 * under this key; the opener's keys are stored as `u:<key>` and support's as `s:<key>`, so no
 * request can name it.
 */
export const REPORT_SNAPSHOT_KEY = 'report:snapshot';
const openerKey = (key: string) => `u:${key}`;
const supportKey = (key: string) => `s:${key}`;

/** The caller's own ready file, for an attachment: anything else reads as not found. */
async function ownReadyFile(db: Db | Tx, userId: string, fileId: string | undefined): Promise<FileRow | undefined> {
  if (fileId === undefined) return undefined;
  const row = await findOwnFile(db, userId, fileId);
  if (!row || row.status !== 'ready') throw notFound(message('attachmentNotFound'));
  return row;
}

/** The caller's own conversation's turns up to and including the reported assistant reply; 404 otherwise. */
async function reportSnapshot(db: Db | Tx, userId: string, report: NonNullable<CreateTicketInput['report']>): Promise<TicketReport> {
  const missing = () => notFound(message('conversationNotFoundThat'));
  const [conv] = await db
    .select()
    .from(schema.conversation)
    .where(and(eq(schema.conversation.id, report.conversationId), eq(schema.conversation.ownerId, userId)));
  if (!conv) throw missing();
  const [reply] = await db
    .select()
    .from(schema.aiMessage)
    .where(
      and(eq(schema.aiMessage.id, report.messageId), eq(schema.aiMessage.conversationId, conv.id), eq(schema.aiMessage.role, 'assistant')),
    );
  if (!reply) throw missing();
  const rows = await db
    .select({ id: schema.aiMessage.id, role: schema.aiMessage.role, text: schema.aiMessage.text, status: schema.aiMessage.status })
    .from(schema.aiMessage)
    .where(
      and(
        eq(schema.aiMessage.conversationId, conv.id),
        sql`${schema.aiMessage.seq} <= ${reply.seq}`,
        or(eq(schema.aiMessage.id, reply.id), sql`${schema.aiMessage.status} <> 'superseded'`),
      ),
    )
    .orderBy(desc(schema.aiMessage.seq))
    .limit(REPORT_TURNS_MAX + 1);
  const truncated = rows.length > REPORT_TURNS_MAX;
  const turns = rows
    .slice(0, REPORT_TURNS_MAX)
    .reverse()
    .map((r) => ({ id: r.id, role: r.role, text: r.text, reported: r.id === reply.id }));
  return { conversationId: conv.id, messageId: reply.id, title: conv.title, botKind: conv.botKind, turns, truncated };
}

/** A ticket with its thread and attachments, as `reader` sees it. */
async function detailOf(db: Db | Tx, ticket: TicketRow, reader: Reader): Promise<TicketDetail> {
  const messages = await db
    .select()
    .from(supportMessage)
    .where(eq(supportMessage.ticketId, ticket.id))
    .orderBy(asc(supportMessage.createdAt), asc(supportMessage.id));
  const fileIds = messages.map((m) => m.attachmentFileId).filter((id): id is string => id !== null);
  const files = fileIds.length
    ? await db
        .select({ id: schema.file.id, name: schema.file.name, size: schema.file.size, status: schema.file.status })
        .from(schema.file)
        .where(inArray(schema.file.id, fileIds))
    : [];
  let opener = null;
  if (reader === 'support') {
    const [u] = await db
      .select({ id: schema.user.id, name: schema.user.name, email: schema.user.email })
      .from(schema.user)
      .where(eq(schema.user.id, ticket.userId));
    opener = u ?? null;
  }
  return presentDetail(ticket, messages, files, reader, opener);
}

async function ownTicket(db: Db | Tx, userId: string, id: string): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(supportTicket)
    .where(and(eq(supportTicket.id, id), eq(supportTicket.userId, userId)));
  if (!row) throw ticketNotFound();
  return row;
}

async function anyTicket(db: Db | Tx, id: string): Promise<TicketRow> {
  const [row] = await db.select().from(supportTicket).where(eq(supportTicket.id, id));
  if (!row) throw ticketNotFound();
  return row;
}

export interface OpenTicket {
  category: CreateTicketInput['category'];
  subject: string;
  message: string;
  attachmentFileId?: string;
  report?: CreateTicketInput['report'];
  idempotencyKey: string;
}

/**
 * Opens a ticket with its first message (and the reported conversation's copy), in one
 * transaction. The same idempotency key from the same user returns the ticket it made
 * (`created` false). Used by POST /api/tickets and by Request premium (pass its transaction).
 */
export async function openTicketIn(tx: Tx, user: SessionUser, input: OpenTicket): Promise<{ ticket: TicketRow; created: boolean }> {
  const [earlier] = await tx
    .select()
    .from(supportTicket)
    .where(and(eq(supportTicket.userId, user.id), eq(supportTicket.idempotencyKey, input.idempotencyKey)));
  if (earlier) return { ticket: earlier, created: false };
  const attachment = await ownReadyFile(tx, user.id, input.attachmentFileId);
  const report = input.report ? await reportSnapshot(tx, user.id, input.report) : undefined;
  const [ticket] = await tx
    .insert(supportTicket)
    .values({
      userId: user.id,
      category: report ? 'report' : input.category,
      subject: input.subject,
      reportConversationId: report?.conversationId ?? null,
      reportMessageId: report?.messageId ?? null,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: [supportTicket.userId, supportTicket.idempotencyKey] })
    .returning();
  if (!ticket) {
    // A double submit that raced this one: its ticket.
    const [other] = await tx
      .select()
      .from(supportTicket)
      .where(and(eq(supportTicket.userId, user.id), eq(supportTicket.idempotencyKey, input.idempotencyKey)));
    if (!other) throw conflict(message('ticketBeingSent'));
    return { ticket: other, created: false };
  }
  await tx.insert(supportMessage).values({
    ticketId: ticket.id,
    authorUserId: user.id,
    body: input.message,
    attachmentFileId: attachment?.id ?? null,
    idempotencyKey: openerKey(input.idempotencyKey),
  });
  if (report) {
    await tx.insert(supportMessage).values({
      ticketId: ticket.id,
      authorUserId: null,
      body: JSON.stringify(report),
      idempotencyKey: REPORT_SNAPSHOT_KEY,
      // Just after the first message, so the thread reads in order whatever the clock says.
      createdAt: sql`clock_timestamp()`,
    });
  }
  return { ticket, created: true };
}

/** POST /api/tickets. */
export async function createTicket(
  deps: AppDeps,
  user: SessionUser,
  input: CreateTicketInput,
): Promise<{ ticket: TicketDetail; created: boolean }> {
  const db = deps.database.db;
  const result = await db.transaction(async (tx) => {
    const opened = await openTicketIn(tx, user, input);
    return { ...opened, detail: await detailOf(tx, opened.ticket, 'opener') };
  });
  if (result.created) await mailSupportOfMessage(deps, result.ticket, user, input.message, true);
  return { ticket: result.detail, created: result.created };
}

/** Both ticket lists page by last activity, then id: a cursor carries the last row's (microseconds kept). */
const ticketCursor = keysetCursor(z.object({ at: cursorTimestamp, id: z.uuid() }), message('ticketsPageExpired'));

/** The rows after a cursor's position in the newest-activity-first order. */
const afterCursor = (cursor: string | undefined) => {
  if (cursor === undefined) return undefined;
  const key = ticketCursor.decode(cursor);
  return sql`(${supportTicket.updatedAt}, ${supportTicket.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`;
};

/** A page of `size` from rows fetched with one extra: the page and the cursor of the next, if any. */
function pageOf<T extends { at: string; ticket: TicketRow }>(rows: T[], size: number) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? ticketCursor.encode({ at: last.at, id: last.ticket.id }) : null };
}

/** GET /api/tickets: the caller's own tickets, newest activity first, a page at a time. */
export async function listOwnTickets(db: Db, userId: string, query: TicketListQuery): Promise<TicketList> {
  const rows = await db
    .select({ ticket: supportTicket, at: timestampText(supportTicket.updatedAt) })
    .from(supportTicket)
    .where(and(eq(supportTicket.userId, userId), afterCursor(query.cursor)))
    .orderBy(desc(supportTicket.updatedAt), desc(supportTicket.id))
    .limit(OWN_TICKETS_PAGE_SIZE + 1);
  const { page, nextCursor } = pageOf(rows, OWN_TICKETS_PAGE_SIZE);
  return { tickets: page.map((r) => presentSummary(r.ticket, 'opener', null)), nextCursor };
}

/** GET /api/tickets/unread-count: the caller's tickets with a support reply they have not read. */
export async function ownUnreadCount(db: Db, userId: string): Promise<{ unread: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTicket)
    .where(and(eq(supportTicket.userId, userId), eq(supportTicket.userUnread, true)));
  return { unread: Number(row?.n ?? 0) };
}

/** GET /api/tickets/:id: the caller's own ticket; reading it marks support's replies read. */
export async function readOwnTicket(db: Db, userId: string, id: string): Promise<TicketDetail> {
  return db.transaction(async (tx) => {
    let ticket = await ownTicket(tx, userId, id);
    if (ticket.userUnread) {
      [ticket] = (await tx
        .update(supportTicket)
        .set({ userUnread: false })
        .where(and(eq(supportTicket.id, id), eq(supportTicket.userId, userId)))
        .returning()) as [TicketRow];
    }
    return detailOf(tx, ticket, 'opener');
  });
}

/**
 * POST /api/tickets/:id/messages: the opener writes again. A closed ticket opens again (the
 * opener's word is that it is not settled). A repeated idempotency key changes nothing.
 */
export async function addOwnMessage(deps: AppDeps, user: SessionUser, id: string, input: TicketMessageInput): Promise<TicketDetail> {
  const db = deps.database.db;
  const result = await db.transaction(async (tx) => {
    await ownTicket(tx, user.id, id);
    await tx.execute(sql`select 1 from support_ticket where id = ${id} for update`);
    const attachment = await ownReadyFile(tx, user.id, input.attachmentFileId);
    const [inserted] = await tx
      .insert(supportMessage)
      .values({
        ticketId: id,
        authorUserId: user.id,
        body: input.message,
        attachmentFileId: attachment?.id ?? null,
        idempotencyKey: openerKey(input.idempotencyKey),
      })
      .onConflictDoNothing({ target: [supportMessage.ticketId, supportMessage.idempotencyKey] })
      .returning({ id: supportMessage.id });
    let ticket = await ownTicket(tx, user.id, id);
    if (inserted) {
      [ticket] = (await tx
        .update(supportTicket)
        .set({ status: 'open', closedAt: null, supportUnread: true, userUnread: false, updatedAt: new Date() })
        .where(eq(supportTicket.id, id))
        .returning()) as [TicketRow];
    }
    return { ticket, added: Boolean(inserted), detail: await detailOf(tx, ticket, 'opener') };
  });
  if (result.added) await mailSupportOfMessage(deps, result.ticket, user, input.message, false);
  return result.detail;
}

// ---- The support account ----

/** GET /api/support/tickets: every ticket, newest activity first, by status and category, paged. */
export async function listAllTickets(db: Db, query: SupportTicketListQuery): Promise<SupportTicketList> {
  const rows = await db
    .select({
      ticket: supportTicket,
      at: timestampText(supportTicket.updatedAt),
      opener: { id: schema.user.id, name: schema.user.name, email: schema.user.email },
    })
    .from(supportTicket)
    .leftJoin(schema.user, eq(schema.user.id, supportTicket.userId))
    .where(
      and(
        query.status === 'all' ? undefined : eq(supportTicket.status, query.status),
        query.category === 'all' ? undefined : eq(supportTicket.category, query.category),
        afterCursor(query.cursor),
      ),
    )
    .orderBy(desc(supportTicket.updatedAt), desc(supportTicket.id))
    .limit(SUPPORT_TICKETS_PAGE_SIZE + 1);
  const { page, nextCursor } = pageOf(rows, SUPPORT_TICKETS_PAGE_SIZE);
  return { tickets: page.map((r) => presentSummary(r.ticket, 'support', r.opener)), nextCursor };
}

/** GET /api/support/tickets/:id: reading it marks the opener's messages read. */
export async function readAnyTicket(db: Db, id: string): Promise<TicketDetail> {
  return db.transaction(async (tx) => {
    let ticket = await anyTicket(tx, id);
    if (ticket.supportUnread) {
      [ticket] = (await tx.update(supportTicket).set({ supportUnread: false }).where(eq(supportTicket.id, id)).returning()) as [TicketRow];
    }
    return detailOf(tx, ticket, 'support');
  });
}

const auditOf = (actor: SessionUser, action: 'ticket.reply' | 'ticket.close' | 'ticket.reopen', before: TicketRow, after: TicketRow) => ({
  actorKind: 'support' as const,
  actorUserId: actor.id,
  actorLabel: actor.email,
  action,
  subjectUserId: before.userId,
  entity: 'support_ticket',
  entityId: before.id,
  before: auditSnapshot(before),
  after: auditSnapshot(after),
});

/** POST /api/support/tickets/:id/messages: support replies; the opener gets the in-app notice and an e-mail. */
export async function replyAsSupport(deps: AppDeps, actor: SessionUser, id: string, input: SupportReplyInput): Promise<TicketDetail> {
  const db = deps.database.db;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from support_ticket where id = ${id} for update`);
    const before = await anyTicket(tx, id);
    const attachment = await ownReadyFile(tx, actor.id, input.attachmentFileId);
    const [inserted] = await tx
      .insert(supportMessage)
      .values({
        ticketId: id,
        authorUserId: actor.id,
        fromSupport: true,
        body: input.message,
        attachmentFileId: attachment?.id ?? null,
        idempotencyKey: supportKey(input.idempotencyKey),
      })
      .onConflictDoNothing({ target: [supportMessage.ticketId, supportMessage.idempotencyKey] })
      .returning({ id: supportMessage.id });
    let ticket = before;
    if (inserted) {
      [ticket] = (await tx
        .update(supportTicket)
        .set({ userUnread: true, supportUnread: false, updatedAt: new Date() })
        .where(eq(supportTicket.id, id))
        .returning()) as [TicketRow];
      await recordAudit(tx, {
        ...auditOf(actor, 'ticket.reply', before, ticket),
        after: { ...auditSnapshot(ticket), messageId: inserted.id, ...(attachment ? { attachmentFileId: attachment.id } : {}) },
      });
    }
    return { ticket, added: Boolean(inserted), detail: await detailOf(tx, ticket, 'support') };
  });
  if (result.added) await mailOpenerOfReply(deps, result.ticket);
  return result.detail;
}

/** POST /api/support/tickets/:id/close and /reopen, each with its audit entry (a no-op when already so). */
export async function setTicketStatus(db: Db, actor: SessionUser, id: string, status: 'open' | 'closed'): Promise<TicketDetail> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from support_ticket where id = ${id} for update`);
    const before = await anyTicket(tx, id);
    let ticket = before;
    if (before.status !== status) {
      [ticket] = (await tx
        .update(supportTicket)
        .set({ status, closedAt: status === 'closed' ? new Date() : null, updatedAt: new Date() })
        .where(eq(supportTicket.id, id))
        .returning()) as [TicketRow];
      await recordAudit(tx, auditOf(actor, status === 'closed' ? 'ticket.close' : 'ticket.reopen', before, ticket));
    }
    return detailOf(tx, ticket, 'support');
  });
}

/**
 * The file attached to a message of this ticket, for whoever may read the ticket (`ownerId` for the
 * opener, undefined for support): any other file, or one no longer ready, reads as not found.
 */
export async function ticketAttachment(db: Db, ticketId: string, fileId: string, ownerId: string | undefined): Promise<FileRow> {
  if (ownerId !== undefined) await ownTicket(db, ownerId, ticketId);
  else await anyTicket(db, ticketId);
  const [row] = await db
    .select({ file: schema.file })
    .from(supportMessage)
    .innerJoin(schema.file, eq(schema.file.id, supportMessage.attachmentFileId))
    .where(and(eq(supportMessage.ticketId, ticketId), isNotNull(supportMessage.attachmentFileId), eq(schema.file.id, fileId)))
    .limit(1);
  if (!row || row.file.status !== 'ready') throw notFound(message('fileNotFound'));
  return row.file;
}
