import { queryOptions } from '@tanstack/react-query';
import { conversationDetail, conversationList, conversationSummary, type CreateConversationInput } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';

/** The caller's conversations, newest first. */
export const conversationsQuery = () =>
  queryOptions({ queryKey: ['conversations'], queryFn: () => apiRequest('/api/conversations', conversationList) });

/** One conversation with every message once, in order (status complete | streaming | interrupted | blocked | failed). */
export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: ['conversations', id],
    queryFn: () => apiRequest(`/api/conversations/${encodeURIComponent(id)}`, conversationDetail),
  });

export function createConversation(input: CreateConversationInput = {}) {
  return apiRequest('/api/conversations', conversationSummary, { method: 'POST', body: input });
}
