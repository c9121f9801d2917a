import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketResult, type CreateTicketInput } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** POST /api/tickets: opens a ticket (the same idempotency key twice is the same ticket). */
export function createTicket(input: CreateTicketInput) {
  return apiRequest('/api/tickets', ticketResult, { method: 'POST', body: input });
}

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (r) => {
      qc.setQueryData(ticketKeys.own(r.ticket.id), r);
      void qc.invalidateQueries({ queryKey: ticketKeys.mine });
    },
  });
}
