import { describe, expect, it } from 'vitest';
import type { SessionUser } from './context';
import {
  ALONE_TTL_MS,
  cachedSessionUser,
  forgetUserSessions,
  lookupMark,
  rememberSessionUser,
  SHARED_TTL_MS,
  sessionToken,
} from './session-cache';

const person = (id: string): SessionUser => ({ id, name: 'Ada', email: `${id}@example.org`, emailVerified: true, role: 'teacher' });
let n = 0;
/** Each test its own users: the forget clock is process-wide. */
const freshUser = () => person(`u${++n}-${Math.random().toString(36).slice(2)}`);

describe('remembered sessions', () => {
  it('reads the session cookie, plain or __Secure-, among others', () => {
    expect(sessionToken('theme=dark; better-auth.session_token=abc.sig%3D; x=1')).toBe('abc.sig%3D');
    expect(sessionToken('__Secure-better-auth.session_token=tok.sig')).toBe('tok.sig');
    expect(sessionToken('my-better-auth.session_token_x=1')).toBeUndefined();
    expect(sessionToken(undefined)).toBeUndefined();
  });

  it('remembers a user SHARED_TTL_MS (30 s, the bound of a missed notice on PostgreSQL), per app', () => {
    const app = {};
    const other = {};
    const user = freshUser();
    rememberSessionUser(app, 't1', user, { now: 1_000 });
    expect(cachedSessionUser(app, 't1', 1_000 + SHARED_TTL_MS - 1)).toEqual(user);
    expect(cachedSessionUser(other, 't1', 2_000)).toBeUndefined();
    expect(cachedSessionUser(app, 't1', 1_000 + SHARED_TTL_MS)).toBeUndefined();
    expect(SHARED_TTL_MS).toBe(30_000);
  });

  it("remembers longer when told (the embedded database), never past the session's expiry", () => {
    const app = {};
    const user = freshUser();
    rememberSessionUser(app, 'long', user, { now: 1_000, ttlMs: ALONE_TTL_MS });
    expect(cachedSessionUser(app, 'long', 1_000 + ALONE_TTL_MS - 1)).toEqual(user);
    expect(cachedSessionUser(app, 'long', 1_000 + ALONE_TTL_MS)).toBeUndefined();
    rememberSessionUser(app, 'ending', user, { now: 1_000, ttlMs: ALONE_TTL_MS, expiresAt: 31_000 });
    expect(cachedSessionUser(app, 'ending', 30_999)).toEqual(user);
    expect(cachedSessionUser(app, 'ending', 31_000)).toBeUndefined();
  });

  it('forgets only the sessions of the user whose state changed', () => {
    const app = {};
    const changed = freshUser();
    const classmate = freshUser();
    rememberSessionUser(app, 'laptop', changed, { now: 1_000, ttlMs: ALONE_TTL_MS });
    rememberSessionUser(app, 'phone', changed, { now: 1_000, ttlMs: ALONE_TTL_MS });
    rememberSessionUser(app, 'desk', classmate, { now: 1_000, ttlMs: ALONE_TTL_MS });
    forgetUserSessions(changed.id);
    expect(cachedSessionUser(app, 'laptop', 1_001)).toBeUndefined();
    expect(cachedSessionUser(app, 'phone', 1_001)).toBeUndefined();
    expect(cachedSessionUser(app, 'desk', 1_001)).toEqual(classmate);
    // Looked up again after the change: remembered as usual.
    rememberSessionUser(app, 'laptop', changed, { now: 1_002, ttlMs: ALONE_TTL_MS });
    expect(cachedSessionUser(app, 'laptop', 1_003)).toEqual(changed);
  });

  it('does not remember a lookup that was under way when its user changed', () => {
    const app = {};
    const user = freshUser();
    const mark = lookupMark();
    forgetUserSessions(user.id);
    rememberSessionUser(app, 'stale', user, { now: 1_000, mark });
    expect(cachedSessionUser(app, 'stale', 1_001)).toBeUndefined();
    // Another user's lookup from the same moment is unaffected.
    const other = freshUser();
    rememberSessionUser(app, 'fine', other, { now: 1_000, mark });
    expect(cachedSessionUser(app, 'fine', 1_001)).toEqual(other);
  });
});
