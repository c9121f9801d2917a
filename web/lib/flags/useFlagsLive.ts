import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../live/useLiveEvents';
import { assignmentKeys } from '../assignments/keys';
import { flagCountQuery } from './flags';
import { flagKeys } from './keys';

/**
 * The drawer's flag count (GET /api/flags/count), kept current while `enabled`: the live stream's
 * `flags` event (a new flag, a review) and its `sync` refetch every flag query on the page (the
 * inbox included: one stream for all of them) and the counts on assignment tables and student pages.
 */
export function useFlagCount(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...flagCountQuery(), enabled });
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: flagKeys.all });
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.details() });
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.studentPages() });
  };
  useLiveEvents(
    {
      onSync: () => void queryClient.invalidateQueries({ queryKey: flagKeys.all }),
      onEvent: (event) => {
        if (event.type === 'flags') refetch();
      },
    },
    enabled,
  );
  return query;
}
