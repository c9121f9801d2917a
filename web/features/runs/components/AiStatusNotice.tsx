import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiStatus } from '../../../../contract/ai';
import { currentFormattingLocale, useT, type Translate } from '../../../lib/i18n';
import { aiStatusQuery } from '../../ai';

/** Says plainly when replies come from the built-in test provider, or when AI is not set up at all. */
export function AiStatusNotice() {
  const t = useT();
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  if (!data) return null;
  if (data.provider === 'not configured')
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('runs.notConfigured')}
      </Alert>
    );
  if (data.testProvider)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="test-provider-notice">
        {data.notice ?? t('runs.testProvider')}
      </Alert>
    );
  return null;
}

/** Whether this installation can make images (GET /api/ai). */
export function useImagesAvailable(): boolean {
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  return data?.images ?? false;
}

/** A reset day as the page's language writes it in full (the server's day, in UTC). */
export const resetDate = (iso: string, locale: string = currentFormattingLocale()) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
};

/** Why nothing can be generated, or null (see useAiUnavailable). */
function unavailableReason(t: Translate, data: AiStatus | undefined): string | null {
  if (!data) return null;
  if (data.provider === 'not configured') return t('runs.blocked.notConfigured');
  const { used, limit } = data.usage.text;
  if (used >= limit) return t('runs.blocked.quotaUsed', { limit, date: resetDate(data.usage.resetsAt) });
  return null;
}

/**
 * Why the teacher cannot generate right now, in their words (no AI here, or the month's
 * generations used up), or null. Read again after each reply (`busy` turning false), so the last
 * generation of the month disables Generate and Send at once.
 */
export function useAiUnavailable(busy = false): string | null {
  const t = useT();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...aiStatusQuery(), staleTime: 60_000 });
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void queryClient.invalidateQueries({ queryKey: aiStatusQuery().queryKey });
    wasBusy.current = busy;
  }, [busy, queryClient]);
  return unavailableReason(t, data);
}
