import { useMutation } from '@tanstack/react-query';
import { botCollection, type BotCollection, type BotKind } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** PATCH /api/collections/:id. */
export function renameCollection(id: string, name: string): Promise<BotCollection> {
  return apiRequest(`/api/collections/${encodeURIComponent(id)}`, botCollection, { method: 'PATCH', body: { name } });
}

export function useRenameCollection(kind: BotKind) {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameCollection(id, name),
    onSuccess: () => void refresh(kind),
  });
}
