import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { recordsWorld, type RecordsWorld } from './records.test-helpers';

// Who may export or delete a student's record. Teacher side (by roster entry): signed out 401, a
// student (the student themself too) 403, a free teacher 402, any other teacher or admin the 404
// of an unknown entry. School side (by address): signed out 401, a student 403, a teacher who is
// not an admin (the same school's too) 403, an admin of another school 404, a bad address 422.
// No refused call changes anything.
type ErrorJson = { error: { code: string } };

let ctx: TestContext;
let w: RecordsWorld;
beforeAll(async () => {
  ctx = await createTestContext();
  w = await recordsWorld(ctx);
});
afterAll(() => ctx.close());

const teacherSide = (): [string, string][] => [
  ['GET', `/api/students/${w.kimEntry}/export`],
  ['DELETE', `/api/students/${w.kimEntry}/data`],
];
/** Lee is held only by teacher A, at the world's school. */
const schoolSide = (email = w.leeEmail): [string, string][] => [
  ['GET', `/api/school/students/export?email=${encodeURIComponent(email)}`],
  ['DELETE', `/api/school/students?email=${encodeURIComponent(email)}`],
];

async function statusOf(client: TestClient, method: string, url: string) {
  const res = await client.request(method, url);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return [method, url, res.status, json?.error?.code];
}

/** Every record, transcript and roster entry of the world is still there. */
async function untouched() {
  const db = ctx.database.db;
  const records = await db
    .select()
    .from(schema.studentAssignment)
    .where(inArray(schema.studentAssignment.id, Object.values(w.records)));
  const chats = await db
    .select()
    .from(schema.conversation)
    .where(inArray(schema.conversation.id, Object.values(w.chats)));
  const entries = await db
    .select()
    .from(schema.rosterEntry)
    .where(inArray(schema.rosterEntry.email, [w.kimEmail, w.leeEmail]));
  expect([records.length, chats.length, entries.length]).toEqual([Object.keys(w.records).length, 4, 4]);
}

describe('access to the student record', () => {
  it('refuses everything signed out with 401', async () => {
    const anon = new TestClient(ctx);
    for (const [method, url] of [...teacherSide(), ...schoolSide()]) {
      expect(await statusOf(anon, method, url)).toEqual([method, url, 401, 'unauthenticated']);
    }
    await untouched();
  });

  it('refuses every student with 403, the exported student themself included', async () => {
    const stranger = (await signedIn(ctx, { role: 'student' })).client;
    for (const client of [stranger, w.kim.client, w.lee.client]) {
      for (const [method, url] of [...teacherSide(), ...schoolSide(), ...schoolSide(w.kimEmail)]) {
        expect(await statusOf(client, method, url)).toEqual([method, url, 403, 'forbidden']);
      }
    }
    await untouched();
  });

  it('refuses a free teacher: 402 on the teacher side (404 for the deletion, open to a lapsed owner), 403 on the school side', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    for (const [method, url] of teacherSide()) {
      const refused = method === 'DELETE' ? [404, 'not_found'] : [402, 'premium_required'];
      expect(await statusOf(client, method, url)).toEqual([method, url, ...refused]);
    }
    for (const [method, url] of schoolSide()) expect(await statusOf(client, method, url)).toEqual([method, url, 403, 'forbidden']);
    await untouched();
  });

  it("shows another teacher's entry to nobody else: colleague, other school, no school, both admins: 404", async () => {
    const others = [
      w.b.client,
      w.c.client,
      (await teacherAt(ctx, await makeSchool(ctx))).client,
      (await premiumTeacher(ctx)).client,
      w.admin,
      w.otherAdmin,
    ];
    for (const client of others) {
      for (const [method, url] of teacherSide()) expect(await statusOf(client, method, url)).toEqual([method, url, 404, 'not_found']);
    }
    await untouched();
  });

  it("refuses the school side to teachers who are not admins, the same school's included: 403", async () => {
    for (const client of [w.a.client, w.b.client, w.c.client, (await premiumTeacher(ctx)).client]) {
      for (const [method, url] of schoolSide()) expect(await statusOf(client, method, url)).toEqual([method, url, 403, 'forbidden']);
    }
    await untouched();
  });

  it("answers another school's admin, and any admin asking for an address their school does not hold, 404", async () => {
    for (const [method, url] of schoolSide()) expect(await statusOf(w.otherAdmin, method, url)).toEqual([method, url, 404, 'not_found']);
    for (const [method, url] of schoolSide('nobody@pupils.example.org')) {
      expect(await statusOf(w.admin, method, url)).toEqual([method, url, 404, 'not_found']);
    }
    await untouched();
  });

  it('refuses a bad address with 422 and a malformed or unknown entry with 404', async () => {
    for (const email of ['not-an-address', '', 'a@b@c']) {
      for (const [method, url] of schoolSide(email))
        expect(await statusOf(w.admin, method, url)).toEqual([method, url, 422, 'validation_failed']);
    }
    for (const [method, url] of [
      ['GET', '/api/school/students/export'],
      ['DELETE', '/api/school/students'],
    ]) {
      expect(await statusOf(w.admin, method!, url!)).toEqual([method, url, 422, 'validation_failed']);
    }
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      for (const [method, url] of [
        ['GET', `/api/students/${id}/export`],
        ['DELETE', `/api/students/${id}/data`],
      ]) {
        expect(await statusOf(w.a.client, method!, url!)).toEqual([method, url, 404, 'not_found']);
      }
    }
    await untouched();
  });
});
