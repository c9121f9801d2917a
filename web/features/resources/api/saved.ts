import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  savedBotList,
  savedConflictBody,
  savedDetail,
  savedPage,
  type CreateSavedInput,
  type SavedDetail,
  type SavedKind,
  type SavedSort,
  type UpdateSavedInput,
} from '../../../../contract/saved';
import { apiRequest, patchVersioned, retryServerErrors } from '../../../lib/http';
import { useServerCall } from '../../../lib/useServerCall';

/** The Saved Docs list's filters (the cursor pages within one list). */
export interface SavedFilter {
  q: string;
  kind: SavedKind | null;
  botId: string | null;
  sort: SavedSort;
}

/** Query keys of Saved Docs, shared by the page and the runners so every save refreshes the list. */
export const savedKeys = {
  all: ['saved'] as const,
  lists: () => ['saved', 'list'] as const,
  list: (filter: SavedFilter) => ['saved', 'list', filter] as const,
  bots: () => ['saved', 'bots'] as const,
  detail: (id: string) => ['saved', 'detail', id] as const,
};

const PAGE_SIZE = 24;
const item = (id: string) => `/api/saved/${encodeURIComponent(id)}`;

/** GET /api/saved: one keyset page. */
export function listSaved(filter: SavedFilter, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ sort: filter.sort, limit: String(PAGE_SIZE) });
  if (filter.q.trim()) query.set('q', filter.q.trim());
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.botId) query.set('botId', filter.botId);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/saved?${query.toString()}`, savedPage, { signal });
}

export const savedListQuery = (filter: SavedFilter) =>
  infiniteQueryOptions({
    queryKey: savedKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listSaved(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });

export const savedBotsQuery = () =>
  queryOptions({
    queryKey: savedKeys.bots(),
    queryFn: ({ signal }) => apiRequest('/api/saved/bots', savedBotList, { signal }),
    staleTime: 30_000,
  });

export const savedItemQuery = (id: string) =>
  queryOptions({
    queryKey: savedKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(item(id), savedDetail, { signal }),
    staleTime: 0,
    // A missing or someone else's item stays missing: say so at once.
    retry: retryServerErrors,
  });

/** POST /api/saved: Save to Saved Docs. */
export const createSaved = (input: CreateSavedInput) => apiRequest('/api/saved', savedDetail, { method: 'POST', body: input });

/** The outcome of an edit: saved, or a conflict carrying the item as the server has it now. */
export type UpdateOutcome = { status: 'saved'; item: SavedDetail } | { status: 'conflict'; current: SavedDetail };

/** PATCH /api/saved/:id against the version last seen; a 409 is an outcome, not an error. */
export async function updateSaved(id: string, input: UpdateSavedInput): Promise<UpdateOutcome> {
  const outcome = await patchVersioned(item(id), input, savedDetail, savedConflictBody);
  return outcome.status === 'saved' ? { status: 'saved', item: outcome.value } : outcome;
}

export const duplicateSaved = (id: string) => apiRequest(`${item(id)}/duplicate`, savedDetail, { method: 'POST' });
export const deleteSaved = async (id: string) => {
  await apiRequest(item(id), z.unknown(), { method: 'DELETE' });
};
export const restoreSaved = (id: string) => apiRequest(`${item(id)}/restore`, savedDetail, { method: 'POST' });

/** The DOCX download address of a saved item (a plain link: the server sends an attachment). */
export const savedDocxUrl = (id: string) => `${item(id)}/export.docx`;

/** duplicateSaved as a hook, for components. */
export const useDuplicateSaved = () => useServerCall(duplicateSaved);

/** deleteSaved as a hook, for components. */
export const useDeleteSaved = () => useServerCall(deleteSaved);

/** restoreSaved as a hook, for components. */
export const useRestoreSaved = () => useServerCall(restoreSaved);
