import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { BotKind } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** DELETE /api/bots/:id: a soft delete that restoreBot undoes. */
export async function deleteBot(id: string): Promise<void> {
  await apiRequest(`/api/bots/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
}

export function useDeleteBot() {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: ({ id }: { id: string; kind: BotKind }) => deleteBot(id),
    onSuccess: (_void, { kind }) => void refresh(kind),
  });
}
