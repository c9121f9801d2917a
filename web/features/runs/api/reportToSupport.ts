import { ticketResult, type CreateTicketInput, type TicketResult } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** POST /api/tickets with the conversation and reply reported: a support ticket ("Report this answer" in a teacher's runner). */
export function reportToSupport(input: CreateTicketInput): Promise<TicketResult> {
  return apiRequest('/api/tickets', ticketResult, { method: 'POST', body: input });
}

/** reportToSupport as a hook, for components. */
export const useReportToSupport = () => useServerCall(reportToSupport);
