import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassList, ClassSummary, RosterList } from '../../../contract/classes';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from './classes.test-helpers';
import { invitationsSettled } from './classes.invitations';

// Only the premium teacher who owns a class reads or changes it: another teacher (any school) gets
// "not found", a student 403, a free teacher 402 with the reason, nobody signed in 401.
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
let cls: ClassSummary;
let entryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await teacherAt(ctx, await makeSchool(ctx));
  cls = (await owner.client.json<ClassSummary>('POST', '/api/classes', { name: 'Period 3 Biology', section: 'P3' })).body;
  await owner.client.json('POST', `/api/classes/${cls.id}/students`, { students: [{ email: 'ada@example.org', name: 'Ada' }] });
  entryId = (await owner.client.json<RosterList>('GET', `/api/classes/${cls.id}/students`)).body.students[0]!.id;
});
afterAll(() => ctx.close());

const endpoints = (id: string, entry: string): [string, string, unknown?][] => [
  ['GET', '/api/classes'],
  ['POST', '/api/classes', { name: 'Mine' }],
  ['GET', `/api/classes/${id}`],
  ['PATCH', `/api/classes/${id}`, { name: 'Mine now' }],
  ['PATCH', `/api/classes/${id}`, { defaultLocale: 'es' }],
  ['DELETE', `/api/classes/${id}`],
  ['PUT', `/api/classes/${id}/join-code`, { enabled: true }],
  ['GET', `/api/classes/${id}/students`],
  ['POST', `/api/classes/${id}/students`, { students: [{ email: 'eve@example.org', name: 'Eve' }] }],
  ['POST', `/api/classes/${id}/students`, { students: [{ email: 'eve@example.org', name: 'Eve' }], invite: true }],
  ['POST', `/api/classes/${id}/students/paste`, { text: 'eve@example.org', invite: true }],
  ['POST', `/api/classes/${id}/students/${entry}/invite`],
  ['DELETE', `/api/classes/${id}/students/${entry}`],
];
const perClass = () => endpoints(cls.id, entryId).filter(([, url]) => url.includes(cls.id));

/** The owner's class and roster are as they were. */
async function untouched() {
  const mine = await owner.client.json<ClassSummary>('GET', `/api/classes/${cls.id}`);
  expect(mine.body).toMatchObject({ name: 'Period 3 Biology', studentCount: 1, joinCode: null, defaultLocale: null });
  const roster = await owner.client.json<RosterList>('GET', `/api/classes/${cls.id}/students`);
  expect(roster.body.students.map((s) => s.email)).toEqual(['ada@example.org']);
  // Nobody was invited (decision 282): not Ada again, not Eve.
  await invitationsSettled(ctx);
  expect(ctx.mails()).toEqual([]);
}

describe('access', () => {
  it('refuses every endpoint signed out with 401, join included', async () => {
    const anon = new TestClient(ctx);
    for (const [method, url, body] of [...endpoints(cls.id, entryId), ['POST', '/api/classes/join', { code: 'ABCDEFGH' }] as const]) {
      const res = await anon.request(method, url, body);
      expect([method, url, res.status]).toEqual([method, url, 401]);
    }
  });

  it('refuses every teacher endpoint to a student with 403', async () => {
    const { client } = await signedIn(ctx, { role: 'student' });
    for (const [method, url, body] of endpoints(cls.id, entryId)) {
      const res = await client.json<{ error: { code: string } }>(method, url, body);
      expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 403, 'forbidden']);
    }
    await untouched();
  });

  it('refuses every teacher endpoint to a free teacher with 402 and the reason (what only reduces: 404, not theirs)', async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    for (const [method, url, body] of [
      ...endpoints(cls.id, entryId),
      ['PUT', `/api/classes/${cls.id}/join-code`, { enabled: false }] as const,
    ]) {
      const res = await client.json<{ error: { code: string; message: string } }>(method, url, body);
      // Deleting the class, removing a student, turning joining off: open to a lapsed owner (assignments/assignments.lapsed.access.test.ts).
      if (method === 'DELETE' || (method === 'PUT' && (body as { enabled: boolean }).enabled === false)) {
        expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 404, 'not_found']);
        continue;
      }
      expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 402, 'premium_required']);
      expect(res.body.error.message).toMatch(/Premium/);
    }
    await untouched();
  });

  it('shows a class to no other teacher, at another school or none: not listed, 404 on every class endpoint', async () => {
    const others = [(await teacherAt(ctx, await makeSchool(ctx))).client, (await premiumTeacher(ctx)).client];
    for (const client of others) {
      expect((await client.json<ClassList>('GET', '/api/classes')).body.classes).toEqual([]);
      for (const [method, url, body] of perClass()) {
        const res = await client.json<{ error: { code: string } }>(method, url, body);
        expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 404, 'not_found']);
      }
    }
    await untouched();
  });

  it('answers an unknown or malformed class id with the same 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await owner.client.json<{ error: { code: string } }>('GET', `/api/classes/${id}/students`);
      expect(res.status).toBe(404);
    }
  });
});
