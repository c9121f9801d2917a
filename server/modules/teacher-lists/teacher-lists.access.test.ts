import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { TeacherList } from '../../../contract/teacher-lists';
import { schema } from '../../db/client';
import { createTestContext, signedIn, SUPPORT_EMAIL, TestClient, type TestContext } from '../../../tests/harness';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';

// Issue 18 item 1 and 2: /api/school-admin/teachers answers only a verified admin of the licence
// (expired included). Everyone else is refused, and a refused request changes nothing.
type ErrorJson = { error: { code: string } };

let ctx: TestContext;
let schoolA: Awaited<ReturnType<typeof makeSchool>>;
let adminA: TestClient;
let rowA: string;

beforeAll(async () => {
  ctx = await createTestContext();
  schoolA = await makeSchool(ctx);
  adminA = await adminOf(ctx, schoolA);
  const [row] = await ctx.database.db
    .insert(schema.schoolTeacher)
    .values({ schoolId: schoolA.id, email: `listed@${schoolA.domain}`, building: 'North' })
    .returning();
  rowA = row!.id;
});
afterAll(() => ctx.close());

async function statusOf(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return { status: res.status, code: json?.error?.code };
}

const base = '/api/school-admin/teachers';
const every = (): [string, string, unknown?][] => [
  ['GET', base],
  ['GET', `${base}/export`],
  ['POST', base, { email: `new-${randomUUID().slice(0, 6)}@${schoolA.domain}` }],
  ['POST', `${base}/import/preview`, { csv: `email\nnew@${schoolA.domain}` }],
  ['POST', `${base}/import`, { csv: `email\nnew@${schoolA.domain}`, fingerprint: 'x' }],
  ['PATCH', `${base}/${rowA}`, { building: 'South' }],
  ['DELETE', `${base}/${rowA}`],
];

const snapshot = async () => ({
  teachers: await ctx.database.db.select().from(schema.schoolTeacher).orderBy(asc(schema.schoolTeacher.id)),
  audits: (await ctx.database.db.select().from(schema.auditLog)).length,
});

/** Signed in, then the address is no longer verified (as after an address change): still refused. */
async function unverifiedAdmin(email: string) {
  const { user, client } = await signedIn(ctx, { role: 'teacher', email });
  await ctx.database.db.update(schema.user).set({ emailVerified: false }).where(eq(schema.user.id, user.id));
  return client;
}

describe('refused', () => {
  it('401 signed out; 403 to a student, a free teacher, a premium teacher, a listed teacher, the support account and an unverified admin', async () => {
    for (const [method, url, body] of every()) {
      expect([method, url, await statusOf(new TestClient(ctx), method, url, body)]).toEqual([
        method,
        url,
        { status: 401, code: 'unauthenticated' },
      ]);
    }
    const unverifiedEmail = `unverified-admin@${schoolA.domain}`;
    await ctx.database.db
      .update(schema.schoolLicence)
      .set({ admins: [`admin-${schoolA.id.slice(0, 6)}@${schoolA.domain}`, unverifiedEmail] })
      .where(eq(schema.schoolLicence.id, schoolA.id));
    const refused = [
      (await signedIn(ctx, { role: 'student' })).client,
      (await signedIn(ctx, { role: 'teacher' })).client,
      (await premiumTeacher(ctx)).client,
      (await teacherAt(ctx, schoolA)).client,
      (await signedIn(ctx, { role: 'student', email: `kid@${schoolA.domain}` })).client,
      (await signedIn(ctx, { role: 'teacher', email: SUPPORT_EMAIL })).client,
      await unverifiedAdmin(unverifiedEmail),
    ];
    const before = await snapshot();
    for (const client of refused) {
      for (const [method, url, body] of every()) {
        expect([method, url, await statusOf(client, method, url, body)]).toEqual([method, url, { status: 403, code: 'forbidden' }]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("404 to an admin of another school for school A's rows, and school A's list is not theirs", async () => {
    const before = await snapshot();
    const schoolB = await makeSchool(ctx);
    const adminB = await adminOf(ctx, schoolB);
    expect(await statusOf(adminB, 'PATCH', `${base}/${rowA}`, { building: 'Hacked' })).toEqual({ status: 404, code: 'not_found' });
    expect(await statusOf(adminB, 'DELETE', `${base}/${rowA}`)).toEqual({ status: 404, code: 'not_found' });
    expect(await statusOf(adminB, 'PATCH', `${base}/not-a-uuid`, { building: 'x' })).toEqual({ status: 404, code: 'not_found' });
    const list = await adminB.json<TeacherList>('GET', base);
    expect(list.status).toBe(200);
    expect(list.body.licence.id).toBe(schoolB.id);
    expect(list.body.teachers).toEqual([]);
    const exported = await (await adminB.get(`${base}/export`)).text();
    expect(exported).not.toContain(schoolA.domain);
    // Adding school A's address to school B's list is off B's domains.
    expect(await statusOf(adminB, 'POST', base, { email: `listed@${schoolA.domain}` })).toEqual({ status: 422, code: 'off_domain' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('allowed', () => {
  it("lets the licence's verified admin in, after the licence expired too", async () => {
    expect((await adminA.json<TeacherList>('GET', base)).body.teachers.map((t) => t.id)).toContain(rowA);
    const expired = await makeSchool(ctx);
    await ctx.database.db.update(schema.schoolLicence).set({ expiration: '2001-01-31' }).where(eq(schema.schoolLicence.id, expired.id));
    const admin = await adminOf(ctx, expired);
    const list = await admin.json<TeacherList>('GET', base);
    expect(list.status).toBe(200);
    expect(list.body.licence).toMatchObject({ id: expired.id, expiration: '2001-01-31', expired: true, expiresSoon: true });
    expect((await admin.json('POST', base, { email: `late@${expired.domain}` })).status).toBe(201);
  });
});
