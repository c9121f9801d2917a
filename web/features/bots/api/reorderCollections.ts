import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionList, type BotCollection, type BotKind, type CollectionList } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';
import { botKeys } from './keys';

/** PUT /api/collections/order with every collection of the kind, in the new order. */
export function reorderCollections(kind: BotKind, ids: string[]): Promise<CollectionList> {
  return apiRequest('/api/collections/order', collectionList, { method: 'PUT', body: { kind, ids } });
}

/** Reorders and shows the new order at once, going back to the old one if the server refuses. */
export function useReorderCollections(kind: BotKind) {
  const client = useQueryClient();
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: (ids: string[]) => reorderCollections(kind, ids),
    onMutate: (ids) => {
      const key = botKeys.collections(kind);
      const before = client.getQueryData<BotCollection[]>(key);
      if (before) {
        const byId = new Map(before.map((c) => [c.id, c]));
        client.setQueryData(
          key,
          ids.map((id) => byId.get(id)).filter((c): c is BotCollection => c !== undefined),
        );
      }
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before) client.setQueryData(botKeys.collections(kind), context.before);
    },
    onSettled: () => void refresh(kind),
  });
}
