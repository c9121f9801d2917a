import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedDetail } from '../../../../contract/saved';
import { ApiError } from '../../../lib/http';
import { savedKeys, updateSaved } from '../../../lib/saved/api';
import type { SaveStatus } from '../../../lib/saved/useSaveToSavedDocs';

const DELAY_MS = 800;

interface Draft {
  title: string;
  body: string;
}

/**
 * Autosave for one saved item: edits are sent a moment after typing stops, one request at a
 * time, each against the version the last save returned. A 409 stops autosaving and keeps both
 * texts (`conflict` is the other tab's item) until the teacher picks one; nothing is lost silently.
 */
export function useAutosave(item: SavedDetail) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ title: item.title, body: item.body });
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [conflict, setConflict] = useState<SavedDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = useRef(item.version);
  const saved = useRef<Draft>({ title: item.title, body: item.body });
  const latest = useRef<Draft>(draft);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);
  // The latest flush, for the follow-up save a flush schedules after itself.
  const again = useRef<() => void>(() => undefined);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (inFlight.current || blocked.current) return;
    const next = latest.current;
    const changes: { title?: string; body?: string } = {};
    if (next.title.trim() && next.title.trim() !== saved.current.title) changes.title = next.title.trim();
    if (item.kind === 'document' && next.body !== saved.current.body) changes.body = next.body;
    if (!Object.keys(changes).length) {
      setStatus('saved');
      return;
    }
    inFlight.current = true;
    setStatus('saving');
    try {
      const outcome = await updateSaved(item.id, { version: version.current, ...changes });
      if (outcome.status === 'conflict') {
        blocked.current = true;
        setConflict(outcome.current);
        setStatus('conflict');
        return;
      }
      version.current = outcome.item.version;
      const before = saved.current;
      saved.current = { title: outcome.item.title, body: outcome.item.body };
      // A document the teacher has not named takes its first heading as its title on the server:
      // show that title, unless the teacher has typed one of their own meanwhile.
      if (outcome.item.title !== before.title && latest.current.title.trim() === before.title) {
        latest.current = { ...latest.current, title: outcome.item.title };
        setDraft(latest.current);
      }
      queryClient.setQueryData(savedKeys.detail(item.id), outcome.item);
      void queryClient.invalidateQueries({ queryKey: savedKeys.lists() });
      setError(null);
      const pending =
        latest.current.body !== saved.current.body || (latest.current.title.trim() && latest.current.title.trim() !== saved.current.title);
      setStatus(pending ? 'saving' : 'saved');
      if (pending) timer.current = setTimeout(() => again.current(), 0);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setStatus('error');
    } finally {
      inFlight.current = false;
    }
  }, [item.id, item.kind, queryClient]);

  useEffect(() => {
    again.current = () => void flush();
  }, [flush]);

  const change = useCallback(
    (patch: Partial<Draft>, now = false) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setDraft(next);
      if (blocked.current) return;
      clearTimeout(timer.current);
      setStatus('saving');
      timer.current = setTimeout(() => void flush(), now ? 0 : DELAY_MS);
    },
    [flush],
  );

  /** Conflict: save my text over the other one, knowingly. */
  const keepMine = useCallback(() => {
    if (!conflict) return;
    version.current = conflict.version;
    saved.current = { title: conflict.title, body: conflict.body };
    blocked.current = false;
    setConflict(null);
    void flush();
  }, [conflict, flush]);

  /** Conflict: continue from the other text; mine is dropped on purpose. */
  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    version.current = conflict.version;
    saved.current = { title: conflict.title, body: conflict.body };
    latest.current = { title: conflict.title, body: conflict.body };
    setDraft(latest.current);
    blocked.current = false;
    setConflict(null);
    setStatus('saved');
    queryClient.setQueryData(savedKeys.detail(item.id), conflict);
  }, [conflict, item.id, queryClient]);

  // Leaving the page with unsaved text: save now, and let the browser warn while it is in flight.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (latest.current.body !== saved.current.body || latest.current.title.trim() !== saved.current.title) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (timer.current) void flush();
    };
  }, [flush]);

  return { draft, status, conflict, error, change, keepMine, takeTheirs, retry: flush };
}
