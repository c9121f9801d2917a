import type { SessionUser } from '../lib/context';

/**
 * The signed-in user of a session token, remembered per process so a burst of requests (a
 * streaming chat, a page's parallel loads) does not look the session up each time. Anything that
 * ends or changes sessions in this process forgets every entry at once. With PostgreSQL other
 * processes may end a session too, so it is remembered SHARED_TTL_MS (their sign-out reaches this
 * one within that); the embedded database has no other process (the CLI refuses to open it while
 * the server runs), so there a session is remembered ALONE_TTL_MS, and a student who writes a
 * message a minute is not looked up each time. Never past the session's own expiry.
 */
export const SHARED_TTL_MS = 5_000;
export const ALONE_TTL_MS = 120_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  until: number;
  generation: number;
}

const caches = new WeakMap<object, Map<string, Entry>>();
let generation = 0;

const cookiePattern = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session cookie's value, or undefined when the request carries none. */
export function sessionToken(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? cookiePattern.exec(cookieHeader)?.[1] : undefined;
}

export function cachedSessionUser(owner: object, token: string, now = Date.now()): SessionUser | undefined {
  const entry = caches.get(owner)?.get(token);
  if (!entry) return undefined;
  if (entry.until <= now || entry.generation !== generation) {
    caches.get(owner)!.delete(token);
    return undefined;
  }
  return entry.user;
}

export function rememberSessionUser(
  owner: object,
  token: string,
  user: SessionUser,
  now = Date.now(),
  ttlMs = SHARED_TTL_MS,
  expiresAt = Infinity,
) {
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map<string, Entry>()));
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(token, { user, until: Math.min(now + ttlMs, expiresAt), generation });
}

/** Forgets every remembered session in this process: after a sign-out, a password change, a role change, a deletion. */
export function forgetSessions() {
  generation++;
}
