import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ConversationDetail } from '../../../../contract/ai';
import type { SavedDetail, SavedKind } from '../../../../contract/saved';
import { useConversation } from '../api/getConversation';
import { ApiError } from '../../../lib/http';
import { isUuid } from '../../../../contract/common';
import { useReopenedItem } from '../../resources';
import { useT } from '../../../lib/i18n';

interface RunStart {
  /** The conversation to continue, or null for a new run. */
  conversation: ConversationDetail | null;
  /** The Saved Docs item reopened (`res`), or null. */
  saved: SavedDetail | null;
}

interface Props {
  res: string;
  /** A past conversation reopened without a saved item (`new?c=`). */
  conversationId: string | null;
  isNew: boolean;
  botId: string;
  /** The kind of saved item this runner continues. */
  savedKind: SavedKind;
  onStartNew: () => void;
  children: (start: RunStart) => ReactNode;
}

/**
 * What a runner starts from: nothing (`new`), a Saved Docs item (`res`) with the conversation it
 * refers to, or a past conversation (`?c=`). Anything that is not the caller's, not of this bot or
 * not of this kind reads as not found.
 */
export function ConversationGate({ res, conversationId, isNew, botId, savedKind, onStartNew, children }: Props) {
  const t = useT();
  // Ids are UUIDs: anything else is not found without a request.
  const malformed = !isNew && ((res !== 'new' && !isUuid(res)) || (conversationId !== null && !isUuid(conversationId)));
  const saved = useReopenedItem(isNew || malformed ? 'new' : res);
  const convId = isNew || malformed ? null : res === 'new' ? conversationId : (saved.data?.conversationId ?? null);
  const conversation = useConversation(convId);
  if (isNew) return children({ conversation: null, saved: null });
  if (malformed) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={onStartNew}>
            {t('runs.startNew')}
          </Button>
        }
      >
        {t('runs.conversationNotFound')}
      </Alert>
    );
  }

  const savedPending = res !== 'new' && saved.isPending;
  if (savedPending || (convId !== null && conversation.isPending)) return <CircularProgress size={24} aria-label={t('shell.loading')} />;

  const notFoundError = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 403);
  const savedWrong =
    res !== 'new' &&
    saved.data !== undefined &&
    (saved.data.kind !== savedKind || (saved.data.botId !== null && saved.data.botId !== botId));
  const convWrong = conversation.data !== undefined && conversation.data.botId !== botId;
  // A saved document whose run is gone still opens (its text is kept); a missing run otherwise is not found.
  const convMissing = convId !== null && conversation.isError && !(savedKind === 'document' && res !== 'new');
  const notFound =
    (res !== 'new' && saved.isError && notFoundError(saved.error)) ||
    savedWrong ||
    convWrong ||
    (convMissing && notFoundError(conversation.error));
  const failed = (res !== 'new' && saved.isError) || convMissing;
  if (notFound || failed) {
    const error = saved.error ?? conversation.error;
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        action={
          <Button color="inherit" onClick={notFound ? onStartNew : () => void Promise.all([saved.refetch(), conversation.refetch()])}>
            {notFound ? t('runs.startNew') : t('common.tryAgain')}
          </Button>
        }
      >
        {notFound ? t('runs.conversationNotFound') : error instanceof ApiError ? error.message : t('runs.loadFailed')}
      </Alert>
    );
  }
  return children({ conversation: conversation.data ?? null, saved: res !== 'new' ? (saved.data ?? null) : null });
}
