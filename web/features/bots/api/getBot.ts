import { queryOptions, useQuery } from '@tanstack/react-query';
import { botDetail, type BotDetail, type BotRouteParams } from '../../../../contract/bots';
import { apiRequest, retryServerErrors } from '../../../lib/http';
import { botKeys } from './keys';

/** A bot as a page's address names it: the id with the owner (uid), school (sid) and shared flag. */
export interface BotAddress {
  id: string;
  uid: string;
  sid: string;
  shared: boolean;
}

const routeParams = (address: BotAddress): Required<BotRouteParams> => ({
  uid: address.uid,
  sid: address.sid,
  shared: address.shared ? 'true' : 'false',
});

/** GET /api/bots/:id with the page's route parameters, which the server checks against the bot (404 on mismatch). */
export function getBot(address: BotAddress, signal?: AbortSignal): Promise<BotDetail> {
  const query = new URLSearchParams(routeParams(address));
  return apiRequest(`/api/bots/${encodeURIComponent(address.id)}?${query.toString()}`, botDetail, { signal });
}

/** The editor and the runner of a bot read this one query, so a save shows on both. */
export const botQuery = (address: BotAddress) =>
  queryOptions({
    queryKey: botKeys.detail(address.id, routeParams(address)),
    queryFn: ({ signal }) => getBot(address, signal),
    staleTime: 30_000,
    // A 404 is an answer (the not-found page), not a failure to retry.
    retry: retryServerErrors,
  });

/** The bot an editor, a runner or the student preview opens; disabled when the id cannot be a bot's. */
export function useBot(address: BotAddress, enabled: boolean) {
  return useQuery({ ...botQuery(address), enabled });
}
