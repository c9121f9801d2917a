import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedDetail } from '../../../../contract/saved';
import { useAutosave, type AutosaveOutcome } from '../../../lib/autosave/useAutosave';
import { savedKeys, updateSaved } from '../api/saved';

interface Draft {
  title: string;
  body: string;
}

/**
 * Autosave for one saved item (the shared autosave, lib/autosave): the title and, for a document,
 * the body, against the item's version; a 409 keeps both texts until the teacher picks one.
 */
export function useSavedItemAutosave(item: SavedDetail) {
  const queryClient = useQueryClient();
  const changes = useCallback(
    (next: Draft, saved: Draft) => {
      const patch: Partial<Draft> = {};
      if (next.title.trim() && next.title.trim() !== saved.title) patch.title = next.title.trim();
      if (item.kind === 'document' && next.body !== saved.body) patch.body = next.body;
      return Object.keys(patch).length ? patch : null;
    },
    [item.kind],
  );
  const send = useCallback(
    async (version: number, patch: Partial<Draft>): Promise<AutosaveOutcome<Draft, SavedDetail>> => {
      const outcome = await updateSaved(item.id, { version, ...patch });
      if (outcome.status === 'conflict') {
        const c = outcome.current;
        return { status: 'conflict', current: c, saved: { title: c.title, body: c.body }, version: c.version };
      }
      queryClient.setQueryData(savedKeys.detail(item.id), outcome.item);
      void queryClient.invalidateQueries({ queryKey: savedKeys.lists() });
      return { status: 'saved', saved: { title: outcome.item.title, body: outcome.item.body }, version: outcome.item.version };
    },
    [item.id, queryClient],
  );
  const onTakeTheirs = useCallback(
    (current: SavedDetail) => queryClient.setQueryData(savedKeys.detail(item.id), current),
    [item.id, queryClient],
  );
  return useAutosave<Draft, SavedDetail>({
    initial: { title: item.title, body: item.body },
    version: item.version,
    changes,
    send,
    onTakeTheirs,
    adopt: takeServerTitle,
  });
}

/**
 * A document the teacher has not named takes its first heading as its title on the server: show
 * that title, unless the teacher has typed one of their own meanwhile.
 */
function takeServerTitle(latest: Draft, before: Draft, saved: Draft): Draft | null {
  return saved.title !== before.title && latest.title.trim() === before.title ? { ...latest, title: saved.title } : null;
}
