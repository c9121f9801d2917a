import { queryOptions } from '@tanstack/react-query';
import type { DocFormValues } from '../../../../contract/bots';
import { conversationList, conversationSummary } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';

/** POST /api/bots/:id/runs: a new conversation with the bot (a DocBot's form checked on the server, 422 per field). */
export function startRun(botId: string, values: DocFormValues = {}) {
  return apiRequest(`/api/bots/${encodeURIComponent(botId)}/runs`, conversationSummary, { method: 'POST', body: { values } });
}

/** The caller's past conversations with a bot, newest first. */
export const botRunsQuery = (botId: string) =>
  queryOptions({
    queryKey: ['runs', 'history', botId],
    queryFn: ({ signal }) => apiRequest(`/api/bots/${encodeURIComponent(botId)}/runs`, conversationList, { signal }),
  });
