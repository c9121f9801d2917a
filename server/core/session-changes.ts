import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { logWarning, outsideRequest } from '../lib/log';
import { forgetAllSessions, forgetUserSessions } from './session-cache';

/**
 * A sign-out, a revoked session, a password, role or account change reaches every app process at
 * once: the change's process forgets the user's remembered sessions (session-cache) and sends a
 * NOTIFY on this channel, which every process sharing the PostgreSQL database hears and forgets
 * the same. The embedded database has one process: nothing is sent.
 */
export const SESSION_CHANNEL = 'classbots_sessions';
/** How long a change waits to hear its own notice back (then every process has been sent it). */
const ECHO_WAIT_MS = 1_000;

interface Listening {
  /** The changes of this process waiting for their notice to come back, by user id. */
  echoes: Map<string, Set<() => void>>;
}
const listening = new WeakMap<Db, Listening>();
const alone = new WeakSet<Db>();
const watching = new WeakMap<Database, Promise<unknown>>();

/**
 * Forgets `userId`'s remembered sessions in every process. Call it after the change committed.
 * Resolves once this process heard its own notice back (PostgreSQL delivers a notice to every
 * listener together, so the others have it too) or after ECHO_WAIT_MS; never throws: a notice
 * that could not be sent is logged, and other processes then forget within SHARED_TTL_MS.
 */
export async function sessionsChanged(db: Db, userId: string): Promise<void> {
  forgetUserSessions(userId);
  if (alone.has(db)) return;
  const here = listening.get(db);
  let heard: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (here) {
    heard = new Promise<void>((resolve) => {
      let set = here.echoes.get(userId);
      if (!set) here.echoes.set(userId, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && here.echoes.get(userId) === set) here.echoes.delete(userId);
        resolve();
      };
      set.add(done);
      timer = setTimeout(done, ECHO_WAIT_MS);
      timer.unref();
    });
  }
  try {
    await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${userId})`);
  } catch (err) {
    logWarning(null, 'auth: could not tell other processes of a session change', err);
    return;
  }
  await heard;
}

/**
 * Starts this process's LISTEN for session changes on `database` (once per database). A lost and
 * restored listening connection may have missed notices: every remembered session is forgotten.
 */
export function watchSessionChanges(database: Database): Promise<unknown> {
  let w = watching.get(database);
  if (w) return w;
  if (database.kind === 'pglite') {
    alone.add(database.db);
    w = Promise.resolve();
  } else {
    const here: Listening = { echoes: new Map() };
    w = outsideRequest(() =>
      database.listen(SESSION_CHANNEL, {
        notify: (userId) => {
          forgetUserSessions(userId);
          for (const done of [...(here.echoes.get(userId) ?? [])]) done();
        },
        reconnected: () => forgetAllSessions(),
      }),
    ).then((stop) => {
      listening.set(database.db, here);
      return stop;
    });
    w.catch((err: unknown) => {
      watching.delete(database);
      logWarning(null, 'auth: listening for session changes failed; remembered sessions expire on their own', err);
    });
  }
  watching.set(database, w);
  return w;
}
