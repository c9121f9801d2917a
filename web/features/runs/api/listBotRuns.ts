import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationList, type ConversationList } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';
import { conversationKeys } from '../../../lib/conversations/keys';

/** GET /api/bots/:id/runs: the caller's past conversations with a bot, newest first. */
export function listBotRuns(botId: string, signal?: AbortSignal): Promise<ConversationList> {
  return apiRequest(`/api/bots/${encodeURIComponent(botId)}/runs`, conversationList, { signal });
}

export const botRunsQuery = (botId: string) =>
  queryOptions({ queryKey: conversationKeys.ofBot(botId), queryFn: ({ signal }) => listBotRuns(botId, signal) });

export function useBotRuns(botId: string) {
  return useQuery(botRunsQuery(botId));
}
