import { useQueryClient } from '@tanstack/react-query';
import type { BotKind } from '../../../../contract/bots';
import { botKeys } from './keys';

/** After any write: refresh the library's lists, open bots and that kind's collections (counts). */
export function useRefreshBots() {
  const client = useQueryClient();
  return async (kind: BotKind) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: botKeys.lists() }),
      client.invalidateQueries({ queryKey: botKeys.details() }),
      client.invalidateQueries({ queryKey: botKeys.collections(kind) }),
    ]);
  };
}
