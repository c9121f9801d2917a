import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BotDetail, BotKind } from '../../../../contract/bots';
import { botKeys } from './keys';

/**
 * After any write: every cached copy of a bot the server answered with (the editor's, the
 * runner's, whatever their route parameters) becomes that bot at once, then the library's lists,
 * open bots and that kind's collections (counts) are refreshed.
 */
export async function refreshBots(client: QueryClient, kind: BotKind, saved?: BotDetail): Promise<void> {
  if (saved) {
    // Only copies that loaded: an address the server refused stays refused.
    client.setQueriesData<BotDetail>({ queryKey: botKeys.detailsOf(saved.id) }, (cached) => (cached ? saved : cached));
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: botKeys.lists() }),
    client.invalidateQueries({ queryKey: botKeys.details() }),
    client.invalidateQueries({ queryKey: botKeys.collections(kind) }),
  ]);
}

/** refreshBots with the app's query client, for the mutations' onSuccess. */
export function useRefreshBots() {
  const client = useQueryClient();
  return (kind: BotKind, saved?: BotDetail) => refreshBots(client, kind, saved);
}
