import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { forgetUserSessions } from '../../core/session-cache';
import { createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { adminOf, makeSchool } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';

// Issue 18, item 4: superDash is the verified support account's only. Everyone else is refused
// (401 signed out, 403 signed in) on every endpoint, and a refused request changes nothing.
type ErrorJson = { error: { code: string } };

let ctx: TestContext;
let target: { id: string; email: string };
let licenceId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  target = (await signedIn(ctx, { role: 'teacher' })).user;
  licenceId = (await makeSchool(ctx)).id;
});
afterAll(() => ctx.close());

const endpoints = (): [string, string, unknown?][] => [
  ['GET', '/api/superdash/totals'],
  ['GET', '/api/superdash/schools'],
  ['POST', '/api/superdash/schools', { name: 'X', domains: ['refused.edu'], admins: [], expires: null, logoUrl: null }],
  ['PATCH', `/api/superdash/schools/${licenceId}`, { name: 'Renamed' }],
  ['GET', `/api/superdash/users?email=${encodeURIComponent(target.email)}`],
  ['POST', `/api/superdash/users/${target.id}/grant`, { until: null }],
  ['POST', `/api/superdash/users/${target.id}/extend`, { days: 5 }],
  ['POST', `/api/superdash/users/${target.id}/revoke`, {}],
  ['PATCH', `/api/superdash/users/${target.id}/role`, { role: 'student' }],
  ['GET', '/api/superdash/errors'],
  ['GET', '/api/superdash/audit'],
];

const snapshot = async () => ({
  licences: await ctx.database.db.select().from(schema.schoolLicence).orderBy(schema.schoolLicence.id),
  subscriptions: await ctx.database.db.select().from(schema.customerSubscription).orderBy(schema.customerSubscription.id),
  roles: await ctx.database.db.select({ id: schema.user.id, role: schema.user.role }).from(schema.user).orderBy(schema.user.id),
  audit: await ctx.database.db.select().from(schema.auditLog).orderBy(schema.auditLog.id),
});

async function statusOf(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return { status: res.status, code: json?.error?.code };
}

// Sign-in refuses the support address unverified; an account whose address stops being verified
// (its session still open) is what is left to refuse.
async function unverifiedSupport() {
  const { user, client } = await signedIn(ctx, { email: SUPPORT_EMAIL, role: 'teacher' });
  await ctx.database.db.update(schema.user).set({ emailVerified: false }).where(eq(schema.user.id, user.id));
  forgetUserSessions(user.id);
  return client;
}

describe('superDash access', () => {
  it('401 signed out', async () => {
    const before = await snapshot();
    for (const [method, url, body] of endpoints()) {
      expect([method, url, (await statusOf(new TestClient(ctx), method, url, body)).status]).toEqual([method, url, 401]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('403 to a student, a free teacher, a premium teacher, a school admin and an unverified account with the support address', async () => {
    const school = await makeSchool(ctx);
    const cast = {
      student: (await signedIn(ctx, { role: 'student' })).client,
      freeTeacher: (await signedIn(ctx, { role: 'teacher' })).client,
      premiumTeacher: (await premiumTeacher(ctx)).client,
      schoolAdmin: await adminOf(ctx, school),
      unverifiedSupport: await unverifiedSupport(),
    };
    const before = await snapshot();
    for (const [who, client] of Object.entries(cast)) {
      for (const [method, url, body] of endpoints()) {
        expect([who, method, url, await statusOf(client, method, url, body)]).toEqual([
          who,
          method,
          url,
          { status: 403, code: 'forbidden' },
        ]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
