import type { ConversationMessage, ConversationSummary } from '../../../contract/ai';
import type { Locale } from '../../../contract/locale';
import { heldReply, safeReplyCategory } from '../../ai/safety';
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

/** A message as the API shows it; a held reply reads as the held text in the reader's language. */
export function presentMessage(row: MessageRow, locale: Locale = 'en'): ConversationMessage {
  const safety = row.role === 'assistant' && row.status === 'blocked' ? safeReplyCategory(row.text) : undefined;
  return {
    id: row.id,
    role: row.role,
    // A held reply's text waits for the safety re-check: what it says is never shown before.
    text: row.status === 'held' ? heldReply(locale) : row.text,
    ...(safety ? { safety } : {}),
    // Superseded turns are never listed; the type says what the API may answer.
    status: row.status === 'superseded' ? 'complete' : row.status,
    errorCode: row.errorCode,
    version: row.version,
    edited: row.originalText !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
