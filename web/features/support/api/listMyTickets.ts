import { queryOptions } from '@tanstack/react-query';
import { ticketList } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** GET /api/tickets: the caller's own tickets, newest activity first. */
export const myTicketsQuery = () =>
  queryOptions({ queryKey: ticketKeys.mine, queryFn: ({ signal }) => apiRequest('/api/tickets', ticketList, { signal }) });
