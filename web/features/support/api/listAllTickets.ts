import { infiniteQueryOptions } from '@tanstack/react-query';
import { supportTicketList, type SupportTicketListQuery } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** GET /api/support/tickets: every ticket by status and category, newest activity first, paged. */
export const allTicketsQuery = (filter: Omit<SupportTicketListQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.support(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ status: filter.status, category: filter.category });
      if (pageParam) q.set('cursor', pageParam);
      return apiRequest(`/api/support/tickets?${q.toString()}`, supportTicketList, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
