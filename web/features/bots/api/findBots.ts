import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { foundBots, type FoundBots } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { botKeys } from './keys';

/** GET /api/bots/find: templates most useful first and the teacher's own bots, of every kind. */
export function findBots(q: string, signal?: AbortSignal): Promise<FoundBots> {
  const query = new URLSearchParams({ limit: '8' });
  if (q) query.set('q', q);
  return apiRequest(`/api/bots/find?${query.toString()}`, foundBots, { signal });
}

export const findBotsQuery = (q: string) =>
  queryOptions({
    queryKey: [...botKeys.lists(), 'find', q] as const,
    queryFn: ({ signal }) => findBots(q, signal),
    staleTime: 30_000,
  });

/** The start page's search; the last answer stays on screen while the next one loads. */
export function useFindBots(q: string) {
  return useQuery({ ...findBotsQuery(q), placeholderData: keepPreviousData });
}
