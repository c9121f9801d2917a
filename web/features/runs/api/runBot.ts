import { queryOptions } from '@tanstack/react-query';
import { botDetail, type DocFormValues } from '../../../../contract/bots';
import { conversationList, conversationSummary } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';

/** Whether a route parameter can be a stored id at all (bots, saved items and conversations use UUIDs). */
export { isUuid } from '../../../../contract/common';

/** The route parameters the server checks against the bot (a mismatch is 404, like an unknown id). */
export interface BotRouteKey {
  id: string;
  shared: boolean;
  uid: string;
  sid: string;
}

/** The bot a runner runs, fetched with its route parameters so a guessed URL reads as not found. */
export const runBotQuery = (key: BotRouteKey) =>
  queryOptions({
    queryKey: ['runs', 'bot', key.id, key.uid, key.sid, key.shared],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ uid: key.uid, sid: key.sid, shared: String(key.shared) });
      return apiRequest(`/api/bots/${encodeURIComponent(key.id)}?${q}`, botDetail, { signal });
    },
    retry: false,
  });

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
