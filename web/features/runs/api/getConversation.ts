import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationDetail, type ConversationDetail } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';
import { conversationKeys } from '../../../lib/conversations/keys';

/** GET /api/conversations/:id: every message once, in order (status complete | streaming | interrupted | blocked | failed). */
export function getConversation(id: string, signal?: AbortSignal): Promise<ConversationDetail> {
  return apiRequest(`/api/conversations/${encodeURIComponent(id)}`, conversationDetail, { signal });
}

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
    // A reopened run is read afresh every time (a reply may have finished meanwhile) and not kept:
    // the live chat holds it from then on. Not found is an answer, not a failure to retry.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The conversation a runner reopens, or nothing to load (null) for a new run. */
export function useConversation(id: string | null) {
  return useQuery({ ...conversationQuery(id ?? 'none'), enabled: id !== null });
}
