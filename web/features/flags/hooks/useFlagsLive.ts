import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live/useLiveEvents';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { flagCountQuery } from '../api/flags';
import { flagKeys } from '../api/keys';

/** The drawer's flag count (GET /api/flags/count); refetched on focus, and by `useFlagsLive` when the stream says. */
export function useFlagCount(enabled: boolean) {
  return useQuery({ ...flagCountQuery(), enabled });
}

/**
 * While `enabled` (the drawer shows Flags): the live stream's `flags` event (a new flag, a review)
 * refetches every flag query on the page (the badge and the inbox: one listener for all of them)
 * and the counts on assignment tables and student pages; its `sync` refetches the flag queries.
 */
export function useFlagsLive(enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveEvents(
    {
      onSync: () => void queryClient.invalidateQueries({ queryKey: flagKeys.all }),
      onEvent: (event) => {
        if (event.type !== 'flags') return;
        void queryClient.invalidateQueries({ queryKey: flagKeys.all });
        void queryClient.invalidateQueries({ queryKey: assignmentKeys.details() });
        void queryClient.invalidateQueries({ queryKey: assignmentKeys.studentPages() });
      },
    },
    enabled,
  );
}
