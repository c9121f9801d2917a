import { useMutation } from '@tanstack/react-query';
import { conversationSummary, type ConversationSummary } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';

/** POST /api/bots/:id/runs: a conversation with the saved bot (the editor's Try-it uses one). */
export function startRun(botId: string): Promise<ConversationSummary> {
  return apiRequest(`/api/bots/${encodeURIComponent(botId)}/runs`, conversationSummary, { method: 'POST', body: { values: {} } });
}

export function useStartRun() {
  return useMutation({ mutationFn: startRun });
}
