import { useEffect, useRef, useState } from 'react';
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

/**
 * The signed-in teacher's live events (GET /api/live) while the component is mounted. EventSource
 * reconnects by itself after a dropped stream; after an error answer (a 503, say) it closes, and
 * this hook opens a new one with backoff. Handlers may change every render: the latest is called.
 */
export function useLiveEvents(handlers: LiveHandlers, enabled = true): LiveStatus {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;
    let stopped = false;

    const open = () => {
      source = new EventSource('/api/live', { withCredentials: true });
      source.onopen = () => {
        retryMs = RETRY_FIRST_MS;
        setStatus('live');
      };
      source.onmessage = (e: MessageEvent<string>) => {
        const parsed = parseLiveMessage(e.data);
        if (!parsed) return;
        if (parsed.type === 'sync') latest.current.onSync();
        else latest.current.onEvent(parsed);
      };
      source.onerror = () => {
        setStatus('reconnecting');
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source = null;
        retryTimer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
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
