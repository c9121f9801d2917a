import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedDetail } from '../../../../contract/saved';
import type { SaveStatus } from '../../../lib/autosave/useAutosave';
import { ApiError } from '../../../lib/http';
import { createSaved, savedItemQuery, savedKeys, updateSaved } from '../api/saved';

export type { SaveStatus };

export interface SaveState {
  /** The saved item this runner writes to (null until the first save, or the reopened `res`). */
  item: SavedDetail | null;
  status: SaveStatus;
  /** On a conflict: the item as another tab saved it (its text, title and version). */
  conflict: SavedDetail | null;
  error: string | null;
}

type Pending =
  | { kind: 'document'; body: string; conversationId?: string; botId?: string; title?: string }
  | { kind: 'conversation'; conversationId: string };

/**
 * Save to Saved Docs for the runners: the first save creates the item, every later save updates
 * the same item against its version (docs/product/routes-and-guards.md#route-parameters, `res`). A stale version never
 * overwrites silently: the state turns `conflict` with the other text, and `overwrite()` saves
 * this runner's text over it on purpose.
 */
export function useSaveToSavedDocs(initial: SavedDetail | null = null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ item: initial, status: initial ? 'saved' : 'idle', conflict: null, error: null });
  const itemRef = useRef<SavedDetail | null>(initial);
  const lastRef = useRef<Pending | null>(null);

  const settle = useCallback(
    (item: SavedDetail) => {
      itemRef.current = item;
      queryClient.setQueryData(savedKeys.detail(item.id), item);
      void queryClient.invalidateQueries({ queryKey: savedKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: savedKeys.bots() });
      setState({ item, status: 'saved', conflict: null, error: null });
      return item;
    },
    [queryClient],
  );

  const run = useCallback(
    async (pending: Pending, versionOverride?: number): Promise<SavedDetail | null> => {
      lastRef.current = pending;
      setState((s) => ({ ...s, status: 'saving', error: null }));
      try {
        const current = itemRef.current;
        if (!current) {
          const created = await createSaved(
            pending.kind === 'document'
              ? { kind: 'document', body: pending.body, conversationId: pending.conversationId, botId: pending.botId, title: pending.title }
              : pending,
          );
          return settle(created);
        }
        const version = versionOverride ?? current.version;
        const outcome = await updateSaved(
          current.id,
          pending.kind === 'document' ? { version, body: pending.body, conversationId: pending.conversationId } : { version, resync: true },
        );
        if (outcome.status === 'saved') return settle(outcome.item);
        setState((s) => ({ ...s, status: 'conflict', conflict: outcome.current }));
        return null;
      } catch (err) {
        setState((s) => ({ ...s, status: 'error', error: err instanceof ApiError ? err.message : String(err) }));
        return null;
      }
    },
    [settle],
  );

  /** Saves a document's Markdown (and the run it can be refined in). */
  const saveDocument = useCallback(
    (input: { body: string; conversationId?: string; botId?: string; title?: string }) => run({ kind: 'document', ...input }),
    [run],
  );
  /** Saves a conversation by reference; saving again refreshes its transcript. */
  const saveConversation = useCallback((conversationId: string) => run({ kind: 'conversation', conversationId }), [run]);
  /** After a conflict: save this runner's last text over the other tab's, knowingly. */
  const overwrite = useCallback(() => {
    const pending = lastRef.current;
    const other = state.conflict;
    if (!pending || !other) return Promise.resolve(null);
    return run(pending, other.version);
  }, [run, state.conflict]);
  /** After a conflict: take the other tab's item as the one to continue from. */
  const acceptTheirs = useCallback(() => {
    if (state.conflict) settle(state.conflict);
  }, [settle, state.conflict]);
  /** The runner reopened a saved item (`res`): later saves update it. */
  const attach = useCallback((item: SavedDetail) => {
    itemRef.current = item;
    setState({ item, status: 'saved', conflict: null, error: null });
  }, []);

  return { ...state, saveDocument, saveConversation, overwrite, acceptTheirs, attach };
}

/** Saves a generated image to Saved Docs (each image is its own item). */
export function useSaveImage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: { fileId: string; botId?: string; title?: string }) => {
      const item = await createSaved({ kind: 'image', ...input });
      void queryClient.invalidateQueries({ queryKey: savedKeys.lists() });
      return item;
    },
    [queryClient],
  );
}

/** The saved item a runner reopens (`res`), or nothing for `new`. A missing item is a 404 ApiError. */
export function useReopenedItem(res: string) {
  return useQuery({ ...savedItemQuery(res), enabled: res !== 'new' });
}
