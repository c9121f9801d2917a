import { useMutation } from '@tanstack/react-query';
import { botDetail, type BotDetail, type CreateBotInput } from '../../../../contract/bots';
import { apiRequest } from '../../../lib/http';
import { useRefreshBots } from './invalidate';

/** POST /api/bots: a new bot (add, or the editor's copy mode with copiedFrom). */
export function createBot(input: CreateBotInput): Promise<BotDetail> {
  return apiRequest('/api/bots', botDetail, { method: 'POST', body: input });
}

export function useCreateBot() {
  const refresh = useRefreshBots();
  return useMutation({ mutationFn: createBot, onSuccess: (bot) => void refresh(bot.kind, bot) });
}
