import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationSummary, type ConversationSummary } from '../../../contract/ai';
import type { DocFormValues } from '../../../contract/bots';
import { apiRequest } from '../http';
import { conversationKeys } from './keys';

/**
 * POST /api/bots/:id/runs: a new conversation with the saved bot, for a runner's first send or the
 * editor's Try-it. A DocBot's form values are checked on the server (422 with one message per field).
 */
export function startRun(botId: string, values: DocFormValues = {}): Promise<ConversationSummary> {
  return apiRequest(`/api/bots/${encodeURIComponent(botId)}/runs`, conversationSummary, { method: 'POST', body: { values } });
}

/** startRun, then the bot's list of past runs shows the new one. */
export function useStartRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, values }: { botId: string; values?: DocFormValues }) => startRun(botId, values),
    onSuccess: (_run, { botId }) => void client.invalidateQueries({ queryKey: conversationKeys.ofBot(botId) }),
  });
}
