import { useMutation } from '@tanstack/react-query';
import { botCollection, type BotCollection, type BotKind } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** POST /api/collections: a new, empty collection at the end of the list. */
export function createCollection(kind: BotKind, name: string): Promise<BotCollection> {
  return apiRequest('/api/collections', botCollection, { method: 'POST', body: { kind, name } });
}

export function useCreateCollection(kind: BotKind) {
  const refresh = useRefreshBots();
  return useMutation({ mutationFn: (name: string) => createCollection(kind, name), onSuccess: () => void refresh(kind) });
}
