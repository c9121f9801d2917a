import { useMutation } from '@tanstack/react-query';
import { botDetail, type BotDetail } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** POST /api/bots/:id/copy: the library's one-click Copy, a private "<name> (copy)" of the caller's. */
export function copyBot(id: string): Promise<BotDetail> {
  return apiRequest(`/api/bots/${encodeURIComponent(id)}/copy`, botDetail, { method: 'POST' });
}

export function useCopyBot() {
  const refresh = useRefreshBots();
  return useMutation({ mutationFn: copyBot, onSuccess: (bot) => void refresh(bot.kind, bot) });
}
