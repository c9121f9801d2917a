import { useCallback } from 'react';
import type { ConversationMessage } from '../../../../contract/ai';
import { useAutosave, type AutosaveOutcome } from '../../../lib/autosave/useAutosave';
import { editReply } from '../api/editReply';
import { useT } from '../../../lib/i18n';

interface Draft {
  text: string;
}

/**
 * The autosave of a hand edit of one DocBot document (the shared autosave, lib/autosave): the text
 * goes to the run a moment after typing stops, against the reply's version. Mount it per reply
 * (keyed by its id): a new reply starts from its own text and version.
 */
export function useReplyEdit({
  conversationId,
  replyId,
  text,
  version,
  onStored,
}: {
  conversationId: string | null;
  replyId: string | null;
  text: string;
  version: number;
  onStored?: (text: string) => void;
}) {
  const t = useT();
  const changes = useCallback((next: Draft, saved: Draft) => (next.text !== saved.text ? { text: next.text } : null), []);
  const send = useCallback(
    async (v: number, patch: Partial<Draft>): Promise<AutosaveOutcome<Draft, ConversationMessage>> => {
      if (!conversationId || !replyId) throw new Error(t('runs.doc.notStored'));
      const outcome = await editReply(conversationId, replyId, { text: patch.text ?? '', version: v });
      if (outcome.status === 'conflict')
        return { status: 'conflict', current: outcome.current, saved: { text: outcome.current.text }, version: outcome.current.version };
      onStored?.(outcome.message.text);
      return { status: 'saved', saved: { text: outcome.message.text }, version: outcome.message.version };
    },
    [conversationId, replyId, onStored, t],
  );
  return useAutosave<Draft, ConversationMessage>({ initial: { text }, version, changes, send });
}
