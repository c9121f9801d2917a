import { useMutation } from '@tanstack/react-query';
import { botDetail, type BotDetail, type UpdateBotInput } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** PUT /api/bots/:id: every editable field with the loaded version (409 when someone saved in between). */
export function updateBot(id: string, input: UpdateBotInput): Promise<BotDetail> {
  return apiRequest(`/api/bots/${encodeURIComponent(id)}`, botDetail, { method: 'PUT', body: input });
}

export function useUpdateBot() {
  const refresh = useRefreshBots();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateBotInput }) => updateBot(id, input),
    onSuccess: (bot) => void refresh(bot.kind, bot),
  });
}
