import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketResult, type TicketMessageInput } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** POST /api/tickets/:id/messages: the opener writes again (a closed ticket opens again). */
export function useAddMyMessage(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketMessageInput) =>
      apiRequest(`/api/tickets/${encodeURIComponent(id)}/messages`, ticketResult, { method: 'POST', body: input }),
    onSuccess: (r) => {
      qc.setQueryData(ticketKeys.own(id), r);
      void qc.invalidateQueries({ queryKey: ticketKeys.mine });
    },
  });
}
