import type { BotKind, BotRouteParams, LibraryTab } from '../../../../contract/bots';

/** The library's filters that pick a list (the cursor pages within it). */
export interface LibraryFilter {
  kind: BotKind;
  tab: LibraryTab;
  q: string;
  collectionId: string | null;
}

/**
 * Query keys of bots, the one factory for the library, the editors and the runners: a bot is
 * cached once per page address, so a save reaches every page that shows it.
 */
export const botKeys = {
  all: ['bots'] as const,
  lists: () => [...botKeys.all, 'list'] as const,
  list: (filter: LibraryFilter) => [...botKeys.lists(), filter] as const,
  details: () => [...botKeys.all, 'detail'] as const,
  /** Every cached copy of one bot, whichever page's route parameters loaded it. */
  detailsOf: (id: string) => [...botKeys.details(), id] as const,
  detail: (id: string, params: BotRouteParams) => [...botKeys.detailsOf(id), params] as const,
  collections: (kind: BotKind) => [...botKeys.all, 'collections', kind] as const,
  /** The teacher's knowledge files an editor offers ("Add one of My Files"). */
  knowledgeFiles: () => [...botKeys.all, 'knowledge-files'] as const,
};
