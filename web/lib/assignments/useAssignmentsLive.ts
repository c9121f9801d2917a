import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { batchedIds } from '../live/batchedIds';
import { useLiveEvents, type LiveStatus } from '../live/useLiveEvents';
import { assignmentKeys } from './keys';

/** Events within this long of each other refetch once. */
export const LIVE_DEBOUNCE_MS = 300;

/**
 * Keeps the assignment pages current while students work: a `sync` refetches everything shown;
 * an `assignment.updated` refetches that assignment's table and transcripts, the list's counts
 * and the student pages, once per burst. Queries not on screen are only marked stale.
 */
export function useAssignmentsLive(enabled = true): LiveStatus {
  const queryClient = useQueryClient();
  const batch = useMemo(
    () =>
      batchedIds((ids) => {
        void queryClient.invalidateQueries({ queryKey: assignmentKeys.list() });
        void queryClient.invalidateQueries({ queryKey: assignmentKeys.studentPages() });
        for (const id of ids) {
          void queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: assignmentKeys.transcripts(id) });
        }
      }, LIVE_DEBOUNCE_MS),
    [queryClient],
  );
  useEffect(() => () => batch.cancel(), [batch]);
  return useLiveEvents(
    {
      onSync: () => void queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
      onEvent: (event) => {
        if (event.type === 'assignment.updated') batch.add(event.assignmentId);
      },
    },
    enabled,
  );
}
