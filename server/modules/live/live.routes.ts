import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { LiveMessage } from '../../../contract/live';
import type { AppContext, AppEnv, SessionUser } from '../../core/context';
import { requireUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import { watchUserSessions } from '../../core/session-cache';
import { liveHub } from '../../core/live';
import { logWarning } from '../../lib/log';
import { resolveSubscription } from '../../core/plan';
import { message } from '../../lib/message';

/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How soon a browser's EventSource reconnects after the stream ends. */
export const RETRY_MS = 3_000;

/**
 * Whether the stream's session still belongs to this user and, for a teacher's stream, the user is
 * still a teacher. Looked up afresh (not from the request's remembered user): the session may have
 * been signed out in another tab or process, or the account demoted, since the stream opened. Read
 * without refreshing it: an open tab is not activity, and must not keep a session alive for ever.
 */
async function stillAllowed(c: AppContext, userId: string, asTeacher: boolean): Promise<boolean> {
  const { auth, database, config } = c.get('deps');
  const result = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
  const found = result?.user as { id: string; email: string; emailVerified: boolean; role?: string } | undefined;
  if (!found || found.id !== userId) return false;
  if (!asTeacher) return true;
  const role = found.role === 'teacher' ? 'teacher' : 'student';
  const subscription = await resolveSubscription(database.db, { user: { ...found, role }, settings: config });
  // A failed check is not a demotion: the next heartbeat looks again.
  return subscription.status === 'error' || subscription.user_type === 'teacher';
}

/**
 * Whether the caller opens a teacher's stream (their assignments' events) or a student's (their
 * own events only: { type: 'trophies' }). Events are published by user id, so either way a stream
 * hears only what was published for its own account.
 */
async function streamKind(c: AppContext, user: SessionUser): Promise<{ asTeacher: boolean }> {
  const { database, config } = c.get('deps');
  const sub = await resolveSubscription(database.db, { user, settings: config });
  if (sub.status === 'error') {
    throw new AppError('unavailable', 503, message('subscriptionUnchecked'));
  }
  return { asTeacher: sub.user_type === 'teacher' };
}

/**
 * The most streams one person may hold open in one process: a few tabs and devices. One more is
 * refused (429) rather than closing the oldest: a closed stream's browser reconnects within
 * RETRY_MS, which would close the next oldest, and so on round the tabs.
 */
export const MAX_STREAMS_PER_USER = 8;

const tooManyStreams = () =>
  new AppError('rate_limited', 429, message('liveStreams', { count: MAX_STREAMS_PER_USER }), {
    headers: { 'Retry-After': String(RETRY_MS / 1000) },
  });

/**
 * GET /api/live: the signed-in person's live events as server-sent events, one JSON LiveMessage
 * per `data:` line, starting with { type: 'sync' } once subscribed. 401 signed out; 429 past
 * MAX_STREAMS_PER_USER open streams. A teacher hears their assignments' events, a student their
 * own (a trophy earned). The session is checked again at once whenever this process forgets the
 * user's sessions (a sign-out, a revoked session, a role change: the session-cache's forget), and
 * at every heartbeat (a change made by another process); the stream ends once the session is gone,
 * or a teacher's stream once its account is no longer a teacher's (the browser then reconnects, as
 * what the account is now).
 */
export function liveRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const user = await requireUser(c);
    const { asTeacher } = await streamKind(c, user);
    const deps = c.get('deps');
    const hub = liveHub(deps.database);
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    let write: ((message: LiveMessage) => void) | null = null;
    // Counted and added in one step (nothing awaited in between), so a burst of opens cannot pass the bound.
    const unsubscribe = await hub.subscribe(
      user.id,
      { send: (message) => write?.(message), close: () => end() },
      { max: MAX_STREAMS_PER_USER, refuse: tooManyStreams },
    );
    // A sign-out that lands while a check is running (which may have read the session before it)
    // asks for one more check when that one ends, rather than waiting for the next heartbeat.
    let checking = false;
    let again = false;
    const recheck = () => {
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      void stillAllowed(c, user.id, asTeacher)
        .then((ok) => {
          if (!ok) end();
        })
        .catch((err: unknown) => logWarning(c.get('requestId'), 'live: rechecking the session failed; the stream stays open', err))
        .finally(() => {
          checking = false;
          if (again) {
            again = false;
            recheck();
          }
        });
    };
    const unwatch = watchUserSessions(user.id, recheck);
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      stream.onAbort(end);
      c.req.raw.signal.addEventListener('abort', end);
      // A write waits while the client does not read; events are small and few, so none is awaited.
      write = (message) => void stream.writeSSE({ data: JSON.stringify(message) });
      const heartbeat = setInterval(() => {
        void stream.write(': heartbeat\n\n');
        recheck();
      }, HEARTBEAT_MS);
      try {
        if (stream.aborted || c.req.raw.signal.aborted) end();
        else await stream.writeSSE({ data: JSON.stringify({ type: 'sync' } satisfies LiveMessage), retry: RETRY_MS });
        await ended;
      } finally {
        clearInterval(heartbeat);
        unwatch();
        unsubscribe();
      }
    });
  });
  return app;
}
