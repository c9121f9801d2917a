import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { file } from './files';

export const ticketCategories = ['question', 'problem', 'billing', 'premium', 'report', 'other'] as const;
export const ticketStatuses = ['open', 'closed'] as const;

/**
 * A support ticket, opened by a teacher or admin at /contact-support (or by Request premium, or by
 * "Report this answer", which names the reporter's own conversation). `userUnread`: the support
 * account replied since the opener last read the ticket (the in-app notice); `supportUnread`: the
 * opener wrote since support last read it. `idempotencyKey` makes a double submit one ticket.
 */
export const supportTicket = pgTable(
  'support_ticket',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ticketCategories }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('open'),
    /** The reported conversation and reply ("Report this answer"); the reporter's own only. */
    reportConversationId: uuid('report_conversation_id'),
    reportMessageId: uuid('report_message_id'),
    userUnread: boolean('user_unread').notNull().default(false),
    supportUnread: boolean('support_unread').notNull().default(true),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('support_ticket_status_idx').on(t.status, t.updatedAt),
    index('support_ticket_user_idx').on(t.userId, t.updatedAt),
    unique('support_ticket_idempotency_uq').on(t.userId, t.idempotencyKey),
  ],
);

/** One message of a ticket's thread: the opener's or the support account's (`fromSupport`). */
export const supportMessage = pgTable(
  'support_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTicket.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull().default(false),
    body: text('body').notNull(),
    /** An attachment uploaded through the files module. */
    attachmentFileId: uuid('attachment_file_id').references(() => file.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_message_ticket_idx').on(t.ticketId, t.createdAt),
    unique('support_message_idempotency_uq').on(t.ticketId, t.idempotencyKey),
  ],
);

/**
 * A server error (a 5xx answer or a failure logged outside a request), for superDash's "recent
 * server errors": codes, ids and routes only, never user content (as server/lib/log.ts logs them).
 * `route` is the matched route pattern (/api/bots/:id), not the path.
 */
export const serverError = pgTable(
  'server_error',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
    method: text('method'),
    route: text('route'),
    status: integer('status'),
    /** The error's code or class name (AppError code, SQLSTATE, errno code). */
    code: text('code'),
  },
  (t) => [index('server_error_at_idx').on(t.at)],
);
