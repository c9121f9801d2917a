import { useMutation } from '@tanstack/react-query';
import { ticketResult, type CreateTicketInput, type TicketResult } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import type { CallOptions } from '../../../lib/useServerCall';

/** POST /api/tickets with the conversation and reply reported: a support ticket ("Report this answer" in a teacher's runner). */
export function reportToSupport(input: CreateTicketInput): Promise<TicketResult> {
  return apiRequest('/api/tickets', ticketResult, { method: 'POST', body: input });
}

/** reportToSupport as a mutation; the caller says what follows. */
export const useReportToSupport = (options?: CallOptions<CreateTicketInput, TicketResult>) =>
  useMutation({ ...options, mutationFn: (input: CreateTicketInput) => reportToSupport(input) });
