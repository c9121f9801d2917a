import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { BotKind } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** DELETE /api/collections/:id: its bots stay in the library, outside any collection. */
export async function deleteCollection(id: string): Promise<void> {
  await apiRequest(`/api/collections/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteCollection(kind: BotKind) {
  const refresh = useRefreshBots();
  return useMutation({ mutationFn: deleteCollection, onSuccess: () => void refresh(kind) });
}
