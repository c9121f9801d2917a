import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../live/useLiveEvents';
import { myTrophiesQuery } from './getMyTrophies';
import { trophyKeys } from './keys';

/**
 * The signed-in student's trophies (GET /api/my-trophies), kept current while `enabled`: the live
 * stream's `trophies` event (an award by hand or by a rule) and its `sync` refetch them, and the
 * query refetches on window focus as the fallback when the stream is down.
 */
export function useMyTrophies(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...myTrophiesQuery(), enabled });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: trophyKeys.mine() });
  useLiveEvents(
    {
      onSync: refetch,
      onEvent: (event) => {
        if (event.type === 'trophies') refetch();
      },
    },
    enabled,
  );
  return query;
}
