import { queryOptions } from '@tanstack/react-query';
import { ticketResult } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** GET /api/support/tickets/:id: any ticket, for the support account (marks the opener's messages read). */
export const anyTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.supportOne(id),
    queryFn: ({ signal }) => apiRequest(`/api/support/tickets/${encodeURIComponent(id)}`, ticketResult, { signal }),
  });
