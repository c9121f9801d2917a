import { conversationMessage, messageConflictBody, type ConversationMessage, type EditMessageInput } from '../../../../contract/ai';
import { patchVersioned } from '../../../lib/http';

export type EditReplyOutcome = { status: 'saved'; message: ConversationMessage } | { status: 'conflict'; current: ConversationMessage };

/**
 * PATCH /api/conversations/:id/messages/:messageId: keeps the teacher's hand edit of their DocBot
 * document with the run, against the version last seen; a stale version answers the stored one.
 */
export async function editReply(conversationId: string, messageId: string, input: EditMessageInput): Promise<EditReplyOutcome> {
  const path = `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}`;
  const outcome = await patchVersioned(path, input, conversationMessage, messageConflictBody);
  return outcome.status === 'saved' ? { status: 'saved', message: outcome.value } : outcome;
}
