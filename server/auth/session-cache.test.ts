import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../lib/context';
import { ALONE_TTL_MS, cachedSessionUser, forgetSessions, rememberSessionUser, sessionToken } from './session-cache';

const user: SessionUser = { id: 'u1', name: 'Ada', email: 'ada@example.org', emailVerified: true, role: 'teacher' };

describe('remembered sessions', () => {
  it('reads the session cookie, plain or __Secure-, among others', () => {
    expect(sessionToken('theme=dark; better-auth.session_token=abc.sig%3D; x=1')).toBe('abc.sig%3D');
    expect(sessionToken('__Secure-better-auth.session_token=tok.sig')).toBe('tok.sig');
    expect(sessionToken('my-better-auth.session_token_x=1')).toBeUndefined();
    expect(sessionToken(undefined)).toBeUndefined();
  });

  it('remembers a user for five seconds, per app, until everything is forgotten', () => {
    const app = {};
    const other = {};
    rememberSessionUser(app, 't1', user, 1_000);
    expect(cachedSessionUser(app, 't1', 5_999)).toEqual(user);
    expect(cachedSessionUser(other, 't1', 2_000)).toBeUndefined();
    expect(cachedSessionUser(app, 't1', 6_000)).toBeUndefined();
    rememberSessionUser(app, 't2', user, 1_000);
    forgetSessions();
    expect(cachedSessionUser(app, 't2', 1_001)).toBeUndefined();
  });

  it("remembers longer when told (the embedded database), never past the session's expiry", () => {
    const app = {};
    rememberSessionUser(app, 'long', user, 1_000, ALONE_TTL_MS);
    expect(cachedSessionUser(app, 'long', 1_000 + ALONE_TTL_MS - 1)).toEqual(user);
    expect(cachedSessionUser(app, 'long', 1_000 + ALONE_TTL_MS)).toBeUndefined();
    rememberSessionUser(app, 'ending', user, 1_000, ALONE_TTL_MS, 31_000);
    expect(cachedSessionUser(app, 'ending', 30_999)).toEqual(user);
    expect(cachedSessionUser(app, 'ending', 31_000)).toBeUndefined();
    rememberSessionUser(app, 'forgotten', user, 1_000, ALONE_TTL_MS);
    forgetSessions();
    expect(cachedSessionUser(app, 'forgotten', 1_001)).toBeUndefined();
  });
});
