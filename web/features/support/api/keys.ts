import type { SupportTicketListQuery } from '../../../../contract/tickets';

/** The support feature's query keys: every ticket query starts with 'tickets', so one invalidation refreshes them all. */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: ['tickets', 'mine'] as const,
  unread: ['tickets', 'unread'] as const,
  own: (id: string) => ['tickets', 'own', id] as const,
  support: (filter: Omit<SupportTicketListQuery, 'cursor'>) => ['tickets', 'support', filter] as const,
  supportOne: (id: string) => ['tickets', 'support-one', id] as const,
};

/** A fresh idempotency key for one submit (kept across its retries). */
export const newKey = () => crypto.randomUUID();
