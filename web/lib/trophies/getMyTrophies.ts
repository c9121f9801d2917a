import { queryOptions } from '@tanstack/react-query';
import { myTrophies, type MyTrophies } from '../../../contract/trophies';
import { apiRequest } from '../http';
import { trophyKeys } from './keys';

/** GET /api/my-trophies: the signed-in student's total and their newest trophies (at most 30). */
export function getMyTrophies(signal?: AbortSignal): Promise<MyTrophies> {
  return apiRequest('/api/my-trophies', myTrophies, { signal });
}

export const myTrophiesQuery = () =>
  queryOptions({
    queryKey: trophyKeys.mine(),
    queryFn: ({ signal }) => getMyTrophies(signal),
    // The live stream refetches it on an award; focus is the fallback when the stream is down.
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });
