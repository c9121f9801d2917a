import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketResult } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** POST /api/support/tickets/:id/close or /reopen. */
export function useSetTicketStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'close' | 'reopen') =>
      apiRequest(`/api/support/tickets/${encodeURIComponent(id)}/${action}`, ticketResult, { method: 'POST' }),
    onSuccess: (r) => {
      qc.setQueryData(ticketKeys.supportOne(id), r);
      void qc.invalidateQueries({ queryKey: ['tickets', 'support'] });
    },
  });
}
