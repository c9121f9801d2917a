import { infiniteQueryOptions } from '@tanstack/react-query';
import { ticketList } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** GET /api/tickets: the caller's own tickets, newest activity first, a page at a time (Show more). */
export const myTicketsQuery = () =>
  infiniteQueryOptions({
    queryKey: ticketKeys.mine,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/tickets${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, ticketList, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
