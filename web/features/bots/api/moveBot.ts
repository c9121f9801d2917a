import { useMutation } from '@tanstack/react-query';
import { botDetail, type BotDetail } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** PUT /api/bots/:id/collection: into one of the owner's collections, or out of any (null). */
export function moveBot(id: string, collectionId: string | null): Promise<BotDetail> {
  return apiRequest(`/api/bots/${encodeURIComponent(id)}/collection`, botDetail, { method: 'PUT', body: { collectionId } });
}

export function useMoveBot() {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: ({ id, collectionId }: { id: string; collectionId: string | null }) => moveBot(id, collectionId),
    onSuccess: (bot) => void refresh(bot.kind, bot),
  });
}
