import type { BotKind, BotRouteParams, LibraryTab } from '../../../../contract/bots';

/** The library's filters that pick a list (the cursor pages within it). */
export interface LibraryFilter {
  kind: BotKind;
  tab: LibraryTab;
  q: string;
  collectionId: string | null;
}

/** Query keys of the bots feature, so every write knows what to refresh. */
export const botKeys = {
  all: ['bots'] as const,
  lists: () => ['bots', 'list'] as const,
  list: (filter: LibraryFilter) => ['bots', 'list', filter] as const,
  details: () => ['bots', 'detail'] as const,
  detail: (id: string, params: BotRouteParams) => ['bots', 'detail', id, params] as const,
  collections: (kind: BotKind) => ['bots', 'collections', kind] as const,
};
