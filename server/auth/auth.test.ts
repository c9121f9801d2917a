import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { EMAIL_CONFIRMED_CALLBACK } from '../../contract/account';
import { schema } from '../db/client';
import { setAccountRole } from '../modules/operator/accounts.service';
import { cachedSessionUser } from '../core/session-cache';
import { buildUser, createTestContext, linkIn, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../tests/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let n = 0;
const fresh = (tag: string) => `${tag}-${++n}-${Date.now()}@example.org`;
/** Each test gets its own client address so the per-IP limits of one test don't touch another. */
const clientFor = () => new TestClient(ctx, `198.51.100.${++n % 250}`);

describe('accounts', () => {
  it('signs up, refuses sign-in before verification, verifies through the mailed link, then signs in', async () => {
    const email = fresh('Mixed.Case');
    const client = clientFor();
    const signUp = await client.json('POST', '/api/auth/sign-up/email', {
      name: 'Maya Teacher',
      email,
      password: 'correct horse',
      role: 'teacher',
    });
    expect(signUp.status).toBe(200);
    const [row] = await ctx.database.db.select().from(schema.user).where(eq(schema.user.email, email.toLowerCase()));
    expect(row).toMatchObject({ email: email.toLowerCase(), role: 'teacher', emailVerified: false });

    const early = await client.json<{ error: { code: string } }>('POST', '/api/auth/sign-in/email', { email, password: 'correct horse' });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('email_not_verified');

    const mail = ctx
      .mails()
      .filter((m) => m.to.includes(email.toLowerCase()) && /Confirm/.test(m.subject))
      .at(-1)!;
    const verify = await client.get(linkIn(mail.body));
    expect(verify.status).toBe(302);
    const me = await client.json<{ email: string; emailVerified: boolean; role: string; isSupport: boolean }>('GET', '/api/me');
    expect(me.body).toMatchObject({ email: email.toLowerCase(), emailVerified: true, role: 'teacher', isSupport: false });

    const other = clientFor();
    await other.signIn(email, 'correct horse');
    expect((await other.json('GET', '/api/subscription')).body).toMatchObject({ status: 'not subscribed yet', user_type: 'teacher' });
  });

  it('keeps sessions in HttpOnly cookies', async () => {
    const user = await buildUser(ctx);
    const res = await clientFor().post('/api/auth/sign-in/email', { email: user.email, password: 'password123' });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers sign-up for an address already in use exactly as for a new one', async () => {
    const user = await buildUser(ctx);
    const res = await clientFor().json<{ user: { email: string } }>('POST', '/api/auth/sign-up/email', {
      name: 'X',
      email: user.email,
      password: 'password123',
      role: 'student',
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(user.email);
    const [row] = await ctx.database.db.select().from(schema.user).where(eq(schema.user.email, user.email));
    expect(row!.role).toBe('teacher');
  });

  it('validates sign-up input and changes nothing on bad input', async () => {
    const email = fresh('bad');
    const res = await clientFor().json<{ error: { code: string; fields: Record<string, string> } }>('POST', '/api/auth/sign-up/email', {
      name: '',
      email,
      password: 'short',
      role: 'admin',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['name', 'password', 'role']);
    expect(await ctx.database.db.select().from(schema.user).where(eq(schema.user.email, email))).toHaveLength(0);
  });

  it('ignores fields a user may not choose at sign-up, such as emailVerified', async () => {
    const email = fresh('sneaky');
    await clientFor().post('/api/auth/sign-up/email', { name: 'S', email, password: 'password123', role: 'student', emailVerified: true });
    const [row] = await ctx.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(row!.emailVerified).toBe(false);
  });

  it('refuses public sign-up with the support address', async () => {
    const res = await clientFor().json<{ error: { code: string } }>('POST', '/api/auth/sign-up/email', {
      name: 'S',
      email: SUPPORT_EMAIL.toUpperCase(),
      password: 'password123',
      role: 'teacher',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('support_email_reserved');
    expect(await ctx.database.db.select().from(schema.user).where(eq(schema.user.email, SUPPORT_EMAIL))).toHaveLength(0);
  });

  it('marks the verified support account as support in /api/me', async () => {
    await buildUser(ctx, { email: SUPPORT_EMAIL });
    const client = await clientFor().signIn(SUPPORT_EMAIL);
    expect((await client.json('GET', '/api/me')).body).toMatchObject({ isSupport: true });
  });

  it('does not let a user change their own role, e-mail or verification', async () => {
    const { user, client } = await signedIn(ctx, { role: 'student' });
    for (const body of [{ role: 'teacher' }, { emailVerified: true }, { email: 'new@example.org' }, { name: 'Ok', role: 'teacher' }]) {
      const res = await client.json<{ error: { code: string } }>('POST', '/api/auth/update-user', body);
      expect(res.status).toBe(403);
    }
    expect((await client.post('/api/auth/change-email', { newEmail: 'x@example.org' })).status).toBeGreaterThanOrEqual(400);
    const ok = await client.post('/api/auth/update-user', { name: 'New Name' });
    expect(ok.status).toBe(200);
    const [row] = await ctx.database.db.select().from(schema.user).where(eq(schema.user.id, user.id));
    expect(row).toMatchObject({ role: 'student', name: 'New Name', email: user.email });
  });

  it('refuses text that cannot be stored anywhere in an auth request, naming the field, before anything is stored', async () => {
    type Refusal = { error: { code: string; fields: Record<string, string> } };
    const client = clientFor();
    for (const [path, body, field] of [
      ['/api/auth/sign-in/email', { email: 'a\u0000@example.org', password: 'password123' }, 'email'],
      ['/api/auth/request-password-reset', { email: 'x\uD800@example.org' }, 'email'],
      ['/api/auth/reset-password', { newPassword: 'password123', token: '\u0000' }, 'token'],
    ] as const) {
      const res = await client.json<Refusal>('POST', path, body);
      expect(res.status, path).toBe(422);
      expect(Object.keys(res.body.error.fields), path).toEqual([field]);
    }
    const { user, client: signedInClient } = await signedIn(ctx, { name: 'Before' });
    for (const name of ['Aft\u0000er', null, '  ']) {
      const rename = await signedInClient.json<Refusal>('POST', '/api/auth/update-user', { name });
      expect(rename.status).toBe(422);
      expect(Object.keys(rename.body.error.fields)).toEqual(['name']);
    }
    const [row] = await ctx.database.db.select().from(schema.user).where(eq(schema.user.id, user.id));
    expect(row!.name).toBe('Before');
    // The limit keyed by address was not consumed: the lone surrogate would be stored as U+FFFD.
    const limits = await ctx.database.db.select().from(schema.rateLimit);
    expect(limits.filter((r) => r.key.includes('\uFFFD'))).toEqual([]);
  });

  it('resets a password by mail and ends the account’s other sessions', async () => {
    const user = await buildUser(ctx);
    const laptop = await clientFor().signIn(user.email);
    expect((await laptop.get('/api/me')).status).toBe(200);

    const phone = clientFor();
    expect((await phone.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/' })).status).toBe(200);
    const mail = ctx
      .mails()
      .filter((m) => m.to.includes(user.email) && /Reset/.test(m.subject))
      .at(-1)!;
    const follow = await phone.get(linkIn(mail.body));
    expect(follow.status).toBe(302);
    const token = new URL(follow.headers.get('location')!, 'http://x').searchParams.get('token')!;
    expect(token).toBeTruthy();
    expect((await phone.post('/api/auth/reset-password', { newPassword: 'a brand new one', token })).status).toBe(200);

    expect((await laptop.get('/api/me')).status).toBe(401);
    await expect(clientFor().signIn(user.email, 'password123')).rejects.toThrow(/401/);
    await clientFor().signIn(user.email, 'a brand new one');
  });

  it('answers a reset request for an unknown address exactly as for a known one', async () => {
    const known = await buildUser(ctx);
    const a = await clientFor().json('POST', '/api/auth/request-password-reset', { email: known.email, redirectTo: '/' });
    const b = await clientFor().json('POST', '/api/auth/request-password-reset', { email: fresh('nobody'), redirectTo: '/' });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
  });

  it('signs out, even just after a request that remembered the session', async () => {
    const { client } = await signedIn(ctx);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});

describe('remembered sessions', () => {
  /** Whether this process still answers the client's session from memory (time left out: only forgetting is tested). */
  const remembered = (client: TestClient) => cachedSessionUser(ctx.auth, client.sessionCookie()!, 0);

  it('a class signing in, or one person renaming themselves, forgets nobody else', async () => {
    const { client: teacher } = await signedIn(ctx);
    expect((await teacher.get('/api/me')).status).toBe(200);
    expect(remembered(teacher)).toBeDefined();
    for (let i = 0; i < 3; i++) await signedIn(ctx, { role: 'student' });
    const { client: renamer } = await signedIn(ctx);
    expect((await renamer.post('/api/auth/update-user', { name: 'Someone Else' })).status).toBe(200);
    expect(remembered(teacher)).toBeDefined();
  });

  it("a role change by the operator reaches that user's next request, and only theirs", async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const { client: bystander } = await signedIn(ctx);
    expect((await client.json('GET', '/api/me')).body).toMatchObject({ role: 'teacher' });
    expect((await bystander.get('/api/me')).status).toBe(200);
    await setAccountRole(ctx.database.db, { email: user.email, role: 'student' });
    expect(remembered(client)).toBeUndefined();
    expect(remembered(bystander)).toBeDefined();
    expect((await client.json('GET', '/api/me')).body).toMatchObject({ role: 'student' });
  });

  it("a sign-out forgets the user's remembered sessions", async () => {
    const { user } = await signedIn(ctx);
    const laptop = await new TestClient(ctx).signIn(user.email);
    const phone = await new TestClient(ctx).signIn(user.email);
    await laptop.get('/api/me');
    await phone.get('/api/me');
    expect((await laptop.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(remembered(phone)).toBeUndefined();
    // The phone's session itself is still valid: it is looked up again and remembered.
    expect((await phone.get('/api/me')).status).toBe(200);
    expect(remembered(phone)).toBeDefined();
  });
});

// Every sign-in hashes a password (a dummy one for unknown addresses, so timing reveals nothing):
// these tests make over a hundred of them, which takes a while on a loaded machine.
describe('rate limits', { timeout: 180_000 }, () => {
  it('stops a dozen failures on one address with 429 and Retry-After, whether or not the account exists', async () => {
    for (const email of [(await buildUser(ctx)).email, fresh('ghost')]) {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 12; i++) {
        // Each guess from another address, as a botnet would: the per-address limit still holds.
        const res = await new TestClient(ctx, `192.0.2.${i + 1}`).post('/api/auth/sign-in/email', { email, password: `wrong-${i}` });
        statuses.push(res.status);
        retryAfter ??= res.headers.get('retry-after');
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    }
  });

  it('lets a whole class of 40 sign in within a minute from one school address', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, () => buildUser(ctx, { role: 'student' })));
    const statuses: number[] = [];
    for (const u of users) {
      const res = await new TestClient(ctx, '203.0.113.77').post('/api/auth/sign-in/email', { email: u.email, password: 'password123' });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
  });

  it('stops one address hammering sign-in for many accounts', async () => {
    const statuses: number[] = [];
    // No password field: better-auth refuses these at once without hashing, so the hundred requests
    // fit well inside the one-minute window even on a loaded machine; the limiter counts them all.
    for (let i = 0; i < 105; i++) {
      const res = await new TestClient(ctx, '203.0.113.200').post('/api/auth/sign-in/email', { email: `spray${i}@example.org` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 100).includes(429)).toBe(false);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
  });
});

describe('the confirmation link', () => {
  const confirmMails = (email: string) => ctx.mails().filter((m) => m.to.includes(email) && /Confirm/.test(m.subject));
  const linkWithToken = (link: string, token: string) => {
    const url = new URL(link);
    url.searchParams.set('token', token);
    return url.toString();
  };

  it('lands signed in on the landing page that takes the user into the app, whatever callback the sign-up named', async () => {
    const email = fresh('lands');
    const client = clientFor();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Lena Lands',
      email,
      password: 'correct horse',
      role: 'teacher',
      callbackURL: '/privacy-policy',
    });
    expect(signUp.status).toBe(200);
    const link = linkIn(confirmMails(email).at(-1)!.body);
    expect(new URL(link).searchParams.get('callbackURL')).toBe(EMAIL_CONFIRMED_CALLBACK);

    const browser = clientFor();
    const res = await browser.get(link);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(EMAIL_CONFIRMED_CALLBACK);
    expect(browser.sessionCookie()).toBeTruthy();
    expect((await browser.json('GET', '/api/me')).body).toMatchObject({ email, emailVerified: true });
  });

  it('sends a broken or expired link back with its reason and no session, and mails a new link on request', async () => {
    const email = fresh('expired');
    await clientFor().post('/api/auth/sign-up/email', { name: 'Eli Expired', email, password: 'correct horse', role: 'teacher' });
    const link = linkIn(confirmMails(email).at(-1)!.body);

    const broken = clientFor();
    const bad = await broken.get(linkWithToken(link, 'not-a-token'));
    expect(bad.headers.get('location')).toBe(`${EMAIL_CONFIRMED_CALLBACK}&error=INVALID_TOKEN`);
    expect(broken.sessionCookie()).toBeUndefined();

    const expiredToken = await createEmailVerificationToken(ctx.config.authSecret!, email, undefined, -60);
    const late = await broken.get(linkWithToken(link, expiredToken));
    expect(late.headers.get('location')).toBe(`${EMAIL_CONFIRMED_CALLBACK}&error=TOKEN_EXPIRED`);
    expect(broken.sessionCookie()).toBeUndefined();
    const [row] = await ctx.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(row!.emailVerified).toBe(false);

    // Asking again (the landing page's form) mails a fresh link that lands in the app.
    const again = await broken.post('/api/auth/send-verification-email', { email: email.toUpperCase(), callbackURL: '/elsewhere' });
    expect(again.status).toBe(200);
    expect(confirmMails(email)).toHaveLength(2);
    const fresh2 = linkIn(confirmMails(email).at(-1)!.body);
    expect((await broken.get(fresh2)).headers.get('location')).toBe(EMAIL_CONFIRMED_CALLBACK);
    expect(broken.sessionCookie()).toBeTruthy();
  });

  it('refuses a resend request without a valid address, before better-auth sees it', async () => {
    const res = await clientFor().json<{ error: { code: string } }>('POST', '/api/auth/send-verification-email', {
      email: 'not an address',
    });
    expect(res.status).toBe(422);
  });
});
