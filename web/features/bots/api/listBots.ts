import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { botPage, type BotPage } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { botKeys, type LibraryFilter } from './keys';

const PAGE_SIZE = 30;

/** One keyset page of the library (GET /api/bots); pass the previous page's nextCursor for the next. */
export function listBots(filter: LibraryFilter, cursor: string | null, signal?: AbortSignal): Promise<BotPage> {
  const query = new URLSearchParams({ kind: filter.kind, tab: filter.tab, limit: String(PAGE_SIZE) });
  if (filter.q) query.set('q', filter.q);
  if (filter.collectionId && filter.tab === 'mine') query.set('collectionId', filter.collectionId);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/bots?${query.toString()}`, botPage, { signal });
}

export const botListQuery = (filter: LibraryFilter) =>
  infiniteQueryOptions({
    queryKey: botKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listBots(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

/** The library's pages for one filter, loaded one page at a time ("Load more"). */
export function useBotList(filter: LibraryFilter, enabled = true) {
  return useInfiniteQuery({ ...botListQuery(filter), enabled });
}
