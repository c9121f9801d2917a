import { queryOptions, useQuery } from '@tanstack/react-query';
import { botDetail, type BotDetail, type BotRouteParams } from '../../../../contract/bots';
import { ApiError, apiRequest } from '../../../lib/http';
import { botKeys } from './keys';

/** One bot with the page's route parameters, which the server checks against it (404 on mismatch). */
export function getBot(id: string, params: BotRouteParams, signal?: AbortSignal): Promise<BotDetail> {
  const query = new URLSearchParams();
  if (params.uid !== undefined) query.set('uid', params.uid);
  if (params.sid !== undefined) query.set('sid', params.sid);
  if (params.shared !== undefined) query.set('shared', params.shared);
  return apiRequest(`/api/bots/${encodeURIComponent(id)}?${query.toString()}`, botDetail, { signal });
}

export const botQuery = (id: string, params: BotRouteParams) =>
  queryOptions({
    queryKey: botKeys.detail(id, params),
    queryFn: ({ signal }) => getBot(id, params, signal),
    staleTime: 30_000,
    // A 404 is an answer (the not-found page), not a failure to retry.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });

/** The bot an editor or the student preview opens; disabled when the id cannot be a bot's. */
export function useBot(id: string, params: BotRouteParams, enabled: boolean) {
  return useQuery({ ...botQuery(id, params), enabled });
}
