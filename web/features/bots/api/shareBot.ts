import { useMutation } from '@tanstack/react-query';
import { botDetail, type BotDetail, type BotVisibility } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** PUT /api/bots/:id/visibility: private, school or public (owner only). */
export function shareBot(id: string, visibility: BotVisibility): Promise<BotDetail> {
  return apiRequest(`/api/bots/${encodeURIComponent(id)}/visibility`, botDetail, { method: 'PUT', body: { visibility } });
}

export function useShareBot() {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: ({ id, visibility }: { id: string; visibility: BotVisibility }) => shareBot(id, visibility),
    onSuccess: (bot) => void refresh(bot.kind, bot),
  });
}
