import { ticketResult, type CreateTicketInput, type TicketResult } from '../../../../contract/tickets';
import { apiRequest } from '../../../lib/http';

/** POST /api/tickets with the conversation and reply reported: a support ticket ("Report this answer" in a teacher's runner). */
export function reportToSupport(input: CreateTicketInput): Promise<TicketResult> {
  return apiRequest('/api/tickets', ticketResult, { method: 'POST', body: input });
}
