import { stopReplyResult, type StopReplyResult } from '../../../../contract/ai';
import { apiRequest } from '../../../lib/http';
import { conversationEndpoint, type ChatEndpoint } from '../../../lib/conversations/chatTransport';

/**
 * POST {endpoint}/messages/:messageId/stop (the conversations API unless told): the server ends a
 * streaming reply where it is, and keeps it.
 */
export function stopReply(
  conversationId: string,
  messageId: string,
  endpoint: ChatEndpoint = conversationEndpoint,
): Promise<StopReplyResult> {
  const path = `${endpoint(conversationId)}/messages/${encodeURIComponent(messageId)}/stop`;
  return apiRequest(path, stopReplyResult, { method: 'POST' });
}
