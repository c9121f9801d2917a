import type { ConversationMessage, ConversationSummary } from '../../../contract/ai';
import type { ConversationRow, MessageRow } from './conversations.store';

export function presentConversation(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    botId: row.botId,
    botKind: row.botKind,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    // Superseded turns are never listed; the type says what the API may answer.
    status: row.status === 'superseded' ? 'complete' : row.status,
    errorCode: row.errorCode,
    version: row.version,
    edited: row.originalText !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
