import { z } from 'zod';
import { pageCursor, text } from './common';

/**
 * Support tickets (issue 18, item 5). A verified teacher or school admin opens a ticket at
 * /contact-support (or through Request premium, or through "Report this answer" in a runner, which
 * names the reporter's own conversation and one assistant reply in it); the support account reads
 * and answers every ticket at /supportTickets.
 *
 * The opener's endpoints, /api/tickets:
 *   GET /?cursor=              own tickets, newest activity first, paged (ticketList)
 *   POST /                     createTicketInput -> 201 { ticket } (200 with the same ticket for a repeated idempotencyKey)
 *   GET /unread-count          { unread } (the drawer badge)
 *   GET /:id                   { ticket } (marks the support replies read)
 *   POST /:id/messages         ticketMessageInput -> { ticket } (a closed ticket opens again)
 *   GET /:id/attachments/:fileId   the attached file's bytes
 * The support account's, /api/support/tickets:
 *   GET /?status=&category=&cursor=   every ticket with its opener, newest activity first (supportTicketList)
 *   GET /:id                   { ticket } (marks the opener's messages read)
 *   POST /:id/messages         supportReplyInput -> { ticket } (an attachment of support's own; e-mails the opener a notice with a link)
 *   POST /:id/close, POST /:id/reopen   -> { ticket }
 *   GET /:id/attachments/:fileId   the attached file's bytes
 */

export const ticketCategories = ['question', 'problem', 'billing', 'premium', 'report', 'other'] as const;
export const ticketCategory = z.enum(ticketCategories);
export type TicketCategory = z.infer<typeof ticketCategory>;

/** The categories an opener picks in the New ticket form ('report' and 'premium' come from their own buttons). */
export const pickableTicketCategories = ['question', 'problem', 'billing', 'other'] as const;

export const ticketCategoryText: Record<TicketCategory, string> = {
  question: 'Question',
  problem: 'Something is not working',
  billing: 'Billing',
  premium: 'Premium request',
  report: 'Reported AI answer',
  other: 'Other',
};

export const ticketStatuses = ['open', 'closed'] as const;
export const ticketStatus = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatus>;

export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5000;
/** Tickets per page of the support list. */
export const SUPPORT_TICKETS_PAGE_SIZE = 30;
/** Tickets per page of the opener's own list. */
export const OWN_TICKETS_PAGE_SIZE = 50;
/** The most turns of a reported conversation kept with the ticket (the last ones, up to the reported reply). */
export const REPORT_TURNS_MAX = 40;

const uuid = (what: string) => z.uuid({ error: `${what} is not a valid id.` });
const idempotencyKey = text({ min: 8, max: 100, required: 'An idempotency key is required.' });
const message = text({
  trim: true,
  min: 1,
  max: TICKET_MESSAGE_MAX,
  required: 'Write a message.',
  tooShort: 'Write a message.',
  tooLong: `Keep the message under ${TICKET_MESSAGE_MAX} characters.`,
});

/** POST /api/tickets. With `report`, the category is 'report' whatever was sent. */
export const createTicketInput = z.strictObject({
  category: ticketCategory,
  subject: text({
    trim: true,
    min: 1,
    max: TICKET_SUBJECT_MAX,
    required: 'Give the ticket a subject.',
    tooShort: 'Give the ticket a subject.',
    tooLong: `Keep the subject under ${TICKET_SUBJECT_MAX} characters.`,
  }),
  message,
  /** A ready file the caller owns (uploaded through the files module). */
  attachmentFileId: uuid('The attachment').optional(),
  /** "Report this answer": the caller's own conversation and an assistant reply in it. */
  report: z.strictObject({ conversationId: uuid('The conversation'), messageId: uuid('The reply') }).optional(),
  idempotencyKey,
});
export type CreateTicketInput = z.infer<typeof createTicketInput>;

/** POST /api/tickets/:id/messages. */
export const ticketMessageInput = z.strictObject({
  message,
  attachmentFileId: uuid('The attachment').optional(),
  idempotencyKey,
});
export type TicketMessageInput = z.infer<typeof ticketMessageInput>;

/** POST /api/support/tickets/:id/messages: the attachment is a ready file of the support account's own. */
export const supportReplyInput = z.strictObject({
  message,
  attachmentFileId: uuid('The attachment').optional(),
  idempotencyKey,
});
export type SupportReplyInput = z.infer<typeof supportReplyInput>;

/** GET /api/tickets's query: `cursor` is the previous page's nextCursor. */
export const ticketListQuery = z.strictObject({ cursor: pageCursor().optional() });
export type TicketListQuery = z.infer<typeof ticketListQuery>;

/** GET /api/support/tickets's query. */
export const supportTicketListQuery = z.strictObject({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  category: z.union([ticketCategory, z.literal('all')]).default('all'),
  cursor: pageCursor().optional(),
});
export type SupportTicketListQuery = z.infer<typeof supportTicketListQuery>;

export const ticketAttachment = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  /** Where the reader of this ticket downloads it (the opener's route or the support route). */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketMessage = z.object({
  id: z.string(),
  fromSupport: z.boolean(),
  body: z.string(),
  /** The attachment, or null; also null when the file has since been deleted. */
  attachment: ticketAttachment.nullable(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

/** One turn of a reported conversation, as it read when the report was made. */
export const reportTurn = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  /** The reply the report is about (the last turn). */
  reported: z.boolean(),
});

export const ticketReport = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  /** The conversation's title and bot kind when reported ('' and null for the plain assistant). */
  title: z.string(),
  botKind: z.enum(['docbot', 'chatbot', 'tutorbot']).nullable(),
  /** The conversation up to and including the reported reply, copied when the ticket was opened. */
  turns: z.array(reportTurn),
  /** True when earlier turns were left out (only the last REPORT_TURNS_MAX are kept). */
  truncated: z.boolean(),
});
export type TicketReport = z.infer<typeof ticketReport>;

export const ticketOpener = z.object({ id: z.string().nullable(), name: z.string(), email: z.string() });

export const ticketSummary = z.object({
  id: z.string(),
  category: ticketCategory,
  subject: z.string(),
  status: ticketStatus,
  /** For the opener: support replied since they last read it; for support: the opener wrote since support last read it. */
  unread: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Who opened it: for the support account only (null in the opener's own list). */
  opener: ticketOpener.nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketDetail = ticketSummary.extend({
  messages: z.array(ticketMessage),
  report: ticketReport.nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const ticketResult = z.object({ ticket: ticketDetail });
export type TicketResult = z.infer<typeof ticketResult>;

export const ticketList = z.object({ tickets: z.array(ticketSummary), nextCursor: z.string().nullable() });
export type TicketList = z.infer<typeof ticketList>;

export const supportTicketList = z.object({ tickets: z.array(ticketSummary), nextCursor: z.string().nullable() });
export type SupportTicketList = z.infer<typeof supportTicketList>;

export const ticketUnreadCount = z.object({ unread: z.number().int() });
export type TicketUnreadCount = z.infer<typeof ticketUnreadCount>;
