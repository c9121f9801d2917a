import { useQuery } from '@tanstack/react-query';
import { ticketUnreadCount } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** GET /api/tickets/unread-count: tickets with a support reply not read yet (the drawer badge), checked every minute. */
export function useTicketUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.unread,
    queryFn: ({ signal }) => apiRequest('/api/tickets/unread-count', ticketUnreadCount, { signal }),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });
}
