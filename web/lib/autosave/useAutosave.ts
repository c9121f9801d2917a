import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../http';

/** Where a save stands, as the status chip shows it. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'conflict' | 'error';

const DELAY_MS = 800;

/** What one save answered: the stored draft and its version, or a stale version's conflict. */
export type AutosaveOutcome<D, C> =
  { status: 'saved'; saved: D; version: number } | { status: 'conflict'; current: C; saved: D; version: number };

export interface AutosaveOptions<D, C> {
  /** The draft as stored, and the version it was stored at. */
  initial: D;
  version: number;
  /** What to send to turn `saved` into `next`, or null when there is nothing to send. */
  changes: (next: D, saved: D) => Partial<D> | null;
  /** Sends the changes against `version`. */
  send: (version: number, changes: Partial<D>) => Promise<AutosaveOutcome<D, C>>;
  /** After a conflict, the teacher continued from the other text. */
  onTakeTheirs?: (current: C) => void;
  /** After a save: the draft to show instead of `latest` when the server changed what was sent (else null). */
  adopt?: (latest: D, before: D, saved: D) => D | null;
}

/**
 * Autosave for one stored thing (a Saved Docs item, a hand-edited DocBot document): edits are sent
 * a moment after typing stops, one request at a time, each against the version the last save
 * returned. A 409 stops autosaving and keeps both texts (`conflict` is the other tab's) until the
 * teacher picks one; nothing is lost silently. `unsaved` is true while something typed is not
 * stored yet (waiting, in flight, failed or in conflict): the page asks before it is left.
 */
export function useAutosave<D extends object, C>({
  initial,
  version: initialVersion,
  changes,
  send,
  onTakeTheirs,
  adopt,
}: AutosaveOptions<D, C>) {
  const [draft, setDraft] = useState<D>(initial);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [conflict, setConflict] = useState<{ current: C; saved: D; version: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = useRef(initialVersion);
  const saved = useRef<D>(initial);
  const latest = useRef<D>(initial);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);
  // The latest options and flush, read when a timer fires (the closures may be older).
  const opts = useRef({ changes, send, adopt });
  const again = useRef<() => void>(() => undefined);
  useEffect(() => {
    opts.current = { changes, send, adopt };
  });

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (inFlight.current || blocked.current) return;
    const patch = opts.current.changes(latest.current, saved.current);
    if (!patch) {
      setStatus('saved');
      return;
    }
    inFlight.current = true;
    setStatus('saving');
    try {
      const outcome = await opts.current.send(version.current, patch);
      if (outcome.status === 'conflict') {
        blocked.current = true;
        setConflict({ current: outcome.current, saved: outcome.saved, version: outcome.version });
        setStatus('conflict');
        return;
      }
      version.current = outcome.version;
      const before = saved.current;
      saved.current = outcome.saved;
      const adopted = opts.current.adopt?.(latest.current, before, outcome.saved);
      if (adopted) {
        latest.current = adopted;
        setDraft(adopted);
      }
      setError(null);
      const pending = opts.current.changes(latest.current, saved.current) !== null;
      setStatus(pending ? 'saving' : 'saved');
      if (pending) timer.current = setTimeout(() => again.current(), 0);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setStatus('error');
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    again.current = () => void flush();
  }, [flush]);

  /** The teacher typed: keep it, and save it once they pause (`now`: at once, e.g. on blur). */
  const change = useCallback(
    (patch: Partial<D>, now = false) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setDraft(next);
      if (blocked.current) return;
      clearTimeout(timer.current);
      timer.current = undefined;
      // Nothing new to store (a blur after the save, a text typed back as it was): still saved, so
      // a click that leaves the page is not asked "not saved yet" for a moment.
      if (!inFlight.current && opts.current.changes(next, saved.current) === null) {
        setStatus('saved');
        return;
      }
      setStatus('saving');
      timer.current = setTimeout(() => void flush(), now ? 0 : DELAY_MS);
    },
    [flush],
  );

  /** Conflict: save my text over the other one, knowingly. */
  const keepMine = useCallback(() => {
    if (!conflict) return;
    version.current = conflict.version;
    saved.current = conflict.saved;
    blocked.current = false;
    setConflict(null);
    void flush();
  }, [conflict, flush]);

  /** Conflict: continue from the other text; mine is dropped on purpose. */
  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    version.current = conflict.version;
    saved.current = conflict.saved;
    latest.current = conflict.saved;
    setDraft(conflict.saved);
    blocked.current = false;
    setConflict(null);
    setStatus('saved');
    onTakeTheirs?.(conflict.current);
  }, [conflict, onTakeTheirs]);

  // Leaving with a save waiting: send it now (the page's leave prompt covers what is in flight).
  useEffect(
    () => () => {
      if (timer.current) void flush();
    },
    [flush],
  );

  const unsaved = status === 'saving' || status === 'error' || status === 'conflict';
  return { draft, status, unsaved, conflict: conflict?.current ?? null, error, change, keepMine, takeTheirs, retry: flush };
}
