import { conversationMessage, messageConflictBody, type ConversationMessage, type EditMessageInput } from '../../../contract/ai';
import { networkError, toApiError } from '../http';

export type EditReplyOutcome = { status: 'saved'; message: ConversationMessage } | { status: 'conflict'; current: ConversationMessage };

/**
 * PATCH /api/conversations/:id/messages/:messageId: keeps the teacher's hand edit of their DocBot
 * document with the run, against the version last seen; a stale version answers the stored one.
 */
export async function editReply(conversationId: string, messageId: string, input: EditMessageInput): Promise<EditReplyOutcome> {
  const path = `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}`;
  const res = await fetch(path, {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  }).catch(() => {
    throw networkError();
  });
  const payload: unknown = await res.json().catch(() => null);
  if (res.status === 409) {
    const conflict = messageConflictBody.safeParse(payload);
    if (conflict.success) return { status: 'conflict', current: conflict.data.current };
  }
  if (res.ok) return { status: 'saved', message: conversationMessage.parse(payload) };
  throw toApiError(res.status, payload, res.headers.get('Retry-After'));
}
