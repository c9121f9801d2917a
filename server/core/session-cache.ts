import type { SessionUser } from './context';

/**
 * The signed-in user of a session token, remembered per process so a burst of requests (a
 * streaming chat, a page's parallel loads) does not look the session up each time. When a user's
 * account or sessions change in this process, only that user's remembered sessions are forgotten:
 * a class of forty signing in at once forgets nothing. With PostgreSQL other processes may end a
 * session too: their change reaches this one at once (session-changes, a NOTIFY), and a session is
 * remembered SHARED_TTL_MS, which bounds only a notice that never arrived;
 * the embedded database has no other process (the CLI refuses to open it while the server runs),
 * so there a session is remembered ALONE_TTL_MS, and a student who writes a message a minute is
 * not looked up each time. Never past the session's own expiry.
 */
export const SHARED_TTL_MS = 30_000;
export const ALONE_TTL_MS = 120_000;
const MAX_ENTRIES = 10_000;
const MAX_FORGOTTEN_USERS = 100_000;

interface Entry {
  user: SessionUser;
  until: number;
  /** The clock when the lookup that produced this entry started. */
  seen: number;
}

const caches = new WeakMap<object, Map<string, Entry>>();
/**
 * A logical clock: every forget ticks it and notes the tick against the user. An entry is valid
 * only when its lookup started at or after its user's last forget, so a lookup that was already
 * under way when the user's state changed is not remembered as current.
 */
let clock = 0;
let forgetAllAt = 0;
const forgottenAt = new Map<string, number>();

const cookiePattern = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session cookie's value, or undefined when the request carries none. */
export function sessionToken(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? cookiePattern.exec(cookieHeader)?.[1] : undefined;
}

/** Marks the start of a session lookup; pass the mark to rememberSessionUser. */
export function lookupMark(): number {
  return clock;
}

export function cachedSessionUser(owner: object, token: string, now = Date.now()): SessionUser | undefined {
  const entry = caches.get(owner)?.get(token);
  if (!entry) return undefined;
  if (entry.until <= now || !isCurrent(entry)) {
    caches.get(owner)!.delete(token);
    return undefined;
  }
  return entry.user;
}

export function rememberSessionUser(
  owner: object,
  token: string,
  user: SessionUser,
  options: { now?: number; ttlMs?: number; expiresAt?: number; mark?: number } = {},
) {
  const { now = Date.now(), ttlMs = SHARED_TTL_MS, expiresAt = Infinity, mark = clock } = options;
  const entry: Entry = { user, until: Math.min(now + ttlMs, expiresAt), seen: mark };
  if (!isCurrent(entry)) return;
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map<string, Entry>()));
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(token, entry);
}

/** Who hears that a user's sessions were forgotten, by user id. */
const watchers = new Map<string, Set<() => void>>();

/**
 * Calls `listener` each time this process forgets `userId`'s sessions (a sign-out, a revoked
 * session, a password, role or account change, a deletion), so what holds a session open (a live
 * stream) checks it again at once; answers the function that stops listening.
 */
export function watchUserSessions(userId: string, listener: () => void): () => void {
  let set = watchers.get(userId);
  if (!set) watchers.set(userId, (set = new Set()));
  set.add(listener);
  return () => {
    if (set.delete(listener) && set.size === 0) watchers.delete(userId);
  };
}

/** Forgets the remembered sessions of one user: after their sign-out, password, role or account change, or deletion. */
export function forgetUserSessions(userId: string) {
  if (forgottenAt.size >= MAX_FORGOTTEN_USERS) {
    // Past this many, forgetting everyone once is cheaper than remembering whom.
    forgetAllSessions();
  } else {
    forgottenAt.set(userId, ++clock);
  }
  for (const listener of [...(watchers.get(userId) ?? [])]) listener();
}

/** Forgets every remembered session (a lost notice channel may have missed some changes). */
export function forgetAllSessions() {
  forgottenAt.clear();
  forgetAllAt = ++clock;
}

function isCurrent(entry: Entry): boolean {
  return entry.seen >= forgetAllAt && entry.seen >= (forgottenAt.get(entry.user.id) ?? 0);
}
