import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionList, type BotCollection, type BotKind } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { botKeys } from './keys';

/** GET /api/collections?kind=: the caller's collections of one kind, in their order, with counts. */
export async function listCollections(kind: BotKind, signal?: AbortSignal): Promise<BotCollection[]> {
  const res = await apiRequest(`/api/collections?kind=${kind}`, collectionList, { signal });
  return res.collections;
}

export const collectionsQuery = (kind: BotKind) =>
  queryOptions({ queryKey: botKeys.collections(kind), queryFn: ({ signal }) => listCollections(kind, signal), staleTime: 60_000 });

export function useCollections(kind: BotKind, enabled = true) {
  return useQuery({ ...collectionsQuery(kind), enabled });
}
