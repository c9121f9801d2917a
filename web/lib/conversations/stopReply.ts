import { stopReplyResult, type StopReplyResult } from '../../../contract/ai';
import { apiRequest } from '../http';

/** POST /api/conversations/:id/messages/:messageId/stop: the server ends a streaming reply where it is, and keeps it. */
export function stopReply(conversationId: string, messageId: string): Promise<StopReplyResult> {
  const path = `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/stop`;
  return apiRequest(path, stopReplyResult, { method: 'POST' });
}
