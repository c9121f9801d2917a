import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveMessage, type LiveEvent } from '../../../contract/live';

/** How the stream stands: opening, open (events arrive), or lost and trying again. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveHandlers {
  /** The stream (re)started or events may have been missed: refetch everything shown. */
  onSync: () => void;
  /** Something of the teacher's changed: refetch it if it is shown. */
  onEvent: (event: LiveEvent) => void;
}

/** After a refused or failed answer EventSource gives up; we try again this long after, doubling. */
const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 60_000;

interface Subscriber {
  handlers: { current: LiveHandlers };
}

/**
 * One stream per page, shared by every hook that listens (the drawer's flag count, an assignment
 * page, the Trophy Chart): a browser keeps only six connections per site open over HTTP/1.1, so a
 * stream per hook (and per tab) would soon starve the page's own requests.
 */
const shared = {
  subscribers: new Set<Subscriber>(),
  /** Every mounted hook's status listener (React's external store), whether or not it listens to events. */
  statusListeners: new Set<() => void>(),
  status: 'connecting' as LiveStatus,
  source: null as EventSource | null,
  retryTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  retryMs: RETRY_FIRST_MS,
};

function setSharedStatus(status: LiveStatus) {
  if (shared.status === status) return;
  shared.status = status;
  for (const listener of [...shared.statusListeners]) listener();
}

function subscribeStatus(listener: () => void): () => void {
  shared.statusListeners.add(listener);
  return () => shared.statusListeners.delete(listener);
}

function readStatus(): LiveStatus {
  return shared.status;
}

function openShared() {
  const source = new EventSource('/api/live', { withCredentials: true });
  shared.source = source;
  source.onopen = () => {
    shared.retryMs = RETRY_FIRST_MS;
    setSharedStatus('live');
  };
  source.onmessage = (e: MessageEvent<string>) => {
    const parsed = parseLiveMessage(e.data);
    if (!parsed) return;
    for (const s of [...shared.subscribers]) {
      if (parsed.type === 'sync') s.handlers.current.onSync();
      else s.handlers.current.onEvent(parsed);
    }
  };
  source.onerror = () => {
    setSharedStatus('reconnecting');
    if (source.readyState !== EventSource.CLOSED || shared.source !== source) return;
    shared.source = null;
    shared.retryTimer = setTimeout(openShared, shared.retryMs);
    shared.retryMs = Math.min(shared.retryMs * 2, RETRY_MAX_MS);
  };
}

function closeShared() {
  clearTimeout(shared.retryTimer);
  shared.retryTimer = undefined;
  shared.source?.close();
  shared.source = null;
  shared.retryMs = RETRY_FIRST_MS;
  setSharedStatus('connecting');
}

/**
 * The signed-in user's live events (GET /api/live) while the component is mounted, through the
 * page's one shared stream. EventSource reconnects by itself after a dropped stream; after an error
 * answer (a 503, say) it closes, and a new one is opened with backoff. Handlers may change every
 * render: the latest is called. A hook that joins a stream already open gets no `sync` of its own:
 * its queries have just been fetched on mount.
 */
export function useLiveEvents(handlers: LiveHandlers, enabled = true): LiveStatus {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  // Read from the shared stream as an external store: a hook that renders before the stream opens
  // and subscribes after it did still sees `live` (React checks the status again on subscribing).
  const status = useSyncExternalStore(subscribeStatus, readStatus, readStatus);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const subscriber: Subscriber = { handlers: latest };
    shared.subscribers.add(subscriber);
    if (shared.subscribers.size === 1) openShared();
    return () => {
      shared.subscribers.delete(subscriber);
      if (shared.subscribers.size === 0) closeShared();
    };
  }, [enabled]);

  return status;
}

/** One `data:` line of the stream, or null for anything that is not a known message. */
export function parseLiveMessage(data: string): ReturnType<typeof liveMessage.parse> | null {
  try {
    const parsed = liveMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
