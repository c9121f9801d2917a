import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import type { ConversationDetail } from '../../../../contract/ai';
import { ApiError } from '../../../lib/http';
import { strings } from '../../../lib/strings';
import { conversationQuery } from '../../ai/api/conversations';

const s = strings.runs;

/**
 * Gives the runner the conversation to reopen (`res`), or null for a new run. A conversation that
 * is not the caller's, or not with this bot, reads as not found.
 */
export function ConversationGate({ res, isNew, botId, onStartNew, children }: { res: string; isNew: boolean; botId: string; onStartNew: () => void; children: (initial: ConversationDetail | null) => ReactNode }) {
  const query = useQuery({ ...conversationQuery(res), enabled: !isNew, retry: false, staleTime: 0, gcTime: 0 });
  if (isNew) return children(null);
  if (query.isPending) return <CircularProgress size={24} aria-label={strings.loading} />;
  const notFound = (query.isError && query.error instanceof ApiError && query.error.status === 404) || (query.data && query.data.botId !== botId);
  if (notFound || query.isError) {
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        action={
          <Button color="inherit" onClick={notFound ? onStartNew : () => void query.refetch()}>
            {notFound ? s.startNew : s.tryAgain}
          </Button>
        }
      >
        {notFound ? s.conversationNotFound : query.error instanceof ApiError ? query.error.message : s.loadFailed}
      </Alert>
    );
  }
  return children(query.data);
}
