import { queryOptions } from '@tanstack/react-query';
import { ticketResult } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** GET /api/tickets/:id: one own ticket with its thread (reading it marks support's replies read). */
export const myTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.own(id),
    queryFn: ({ signal }) => apiRequest(`/api/tickets/${encodeURIComponent(id)}`, ticketResult, { signal }),
  });
