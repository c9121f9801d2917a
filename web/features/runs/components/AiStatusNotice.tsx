import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { strings } from '../../../lib/strings';
import { aiStatusQuery } from '../../ai/api/aiStatus';

/** Says plainly when replies come from the built-in test provider, or when AI is not set up at all. */
export function AiStatusNotice() {
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  if (!data) return null;
  if (data.provider === 'not configured')
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {strings.runs.notConfigured}
      </Alert>
    );
  if (data.testProvider)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="test-provider-notice">
        {data.notice ?? strings.runs.testProvider}
      </Alert>
    );
  return null;
}

/** Whether this installation can make images (GET /api/ai). */
export function useImagesAvailable(): boolean {
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  return data?.images ?? false;
}

const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
};

/**
 * Why the teacher cannot generate right now, in their words (no AI here, or the month's
 * generations used up), or null. Read again after each reply (`busy` turning false), so the last
 * generation of the month disables Generate and Send at once.
 */
export function useAiUnavailable(busy = false): string | null {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void queryClient.invalidateQueries({ queryKey: aiStatusQuery().queryKey });
    wasBusy.current = busy;
  }, [busy, queryClient]);
  if (!data) return null;
  if (data.provider === 'not configured') return strings.runs.blocked.notConfigured;
  const { used, limit } = data.usage.text;
  if (used >= limit) return strings.runs.blocked.quotaUsed(limit, formatDate(data.usage.resetsAt));
  return null;
}
