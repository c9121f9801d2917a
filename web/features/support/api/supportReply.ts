import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketResult, type SupportReplyInput } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { ticketKeys } from './keys';

/** POST /api/support/tickets/:id/messages: support replies (the opener is told by e-mail). */
export function useSupportReply(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportReplyInput) =>
      apiRequest(`/api/support/tickets/${encodeURIComponent(id)}/messages`, ticketResult, { method: 'POST', body: input }),
    onSuccess: (r) => {
      qc.setQueryData(ticketKeys.supportOne(id), r);
      void qc.invalidateQueries({ queryKey: ['tickets', 'support'] });
    },
  });
}
