import { useMutation } from '@tanstack/react-query';
import { botDetail, type BotDetail } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** POST /api/bots/:id/restore: the Undo of a delete. */
export function restoreBot(id: string): Promise<BotDetail> {
  return apiRequest(`/api/bots/${encodeURIComponent(id)}/restore`, botDetail, { method: 'POST' });
}

export function useRestoreBot() {
  const refresh = useRefreshBots();
  return useMutation({ mutationFn: restoreBot, onSuccess: (bot) => void refresh(bot.kind, bot) });
}
