import type { TicketDetail, TicketMessage, TicketReport, TicketSummary } from '../../../contract/tickets';
import { ticketReport } from '../../../contract/tickets';
import { schema } from '../../db/client';

export type TicketRow = typeof schema.supportTicket.$inferSelect;
export type MessageRow = typeof schema.supportMessage.$inferSelect;
/** Who reads the ticket: its opener or the support account (each has its own unread flag and download route). */
export type Reader = 'opener' | 'support';

const REPORT_SNAPSHOT_KEY = 'report:snapshot';

export function presentSummary(row: TicketRow, reader: Reader, opener: { id: string; name: string; email: string } | null): TicketSummary {
  return {
    id: row.id,
    category: row.category,
    subject: row.subject,
    status: row.status,
    unread: reader === 'opener' ? row.userUnread : row.supportUnread,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    opener: reader === 'support' ? (opener ?? { id: null, name: '', email: '' }) : null,
  };
}

/** The copy of a reported conversation kept with the ticket, or null when it cannot be read. */
function reportOf(messages: MessageRow[]): TicketReport | null {
  const row = messages.find((m) => m.idempotencyKey === REPORT_SNAPSHOT_KEY && !m.fromSupport);
  if (!row) return null;
  try {
    const parsed = ticketReport.safeParse(JSON.parse(row.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function presentDetail(
  row: TicketRow,
  messages: MessageRow[],
  files: { id: string; name: string; size: number; status: string }[],
  reader: Reader,
  opener: { id: string; name: string; email: string } | null,
): TicketDetail {
  const fileById = new Map(files.filter((f) => f.status === 'ready').map((f) => [f.id, f]));
  const base = reader === 'opener' ? `/api/tickets/${row.id}` : `/api/support/tickets/${row.id}`;
  const thread: TicketMessage[] = messages
    .filter((m) => m.idempotencyKey !== REPORT_SNAPSHOT_KEY)
    .map((m) => {
      const file = m.attachmentFileId ? fileById.get(m.attachmentFileId) : undefined;
      return {
        id: m.id,
        fromSupport: m.fromSupport,
        body: m.body,
        attachment: file ? { id: file.id, name: file.name, size: file.size, url: `${base}/attachments/${file.id}` } : null,
        createdAt: m.createdAt.toISOString(),
      };
    });
  return { ...presentSummary(row, reader, opener), messages: thread, report: reportOf(messages) };
}
