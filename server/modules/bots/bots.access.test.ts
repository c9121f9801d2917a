import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TestClient, type TestContext } from '../../../tests/harness';
import { accessCast, createVia, docBot, type BotJson, type ErrorJson } from './bots.test-helpers';

type Client = TestClient;
type Call = [method: string, url: string, body?: unknown];

let ctx: TestContext;
let owner: { client: Client; user: { id: string } };
let sameSchool: Client;
let otherSchool: Client;
let otherTeacher: Client;
let student: Client;
let schoolStudent: Client;
let signedOut: Client;
let privateBot: BotJson;
let schoolBot: BotJson;
let deletedBot: BotJson;
let collectionId: string;
let schoolId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  let school;
  ({ school, owner, sameSchool, otherSchool, otherTeacher, student, schoolStudent, signedOut } = await accessCast(ctx));
  schoolId = school.id;
  privateBot = await createVia(owner.client, docBot({ name: 'Private' }));
  schoolBot = await createVia(owner.client, { ...docBot({ name: 'For my school' }), visibility: 'school' });
  deletedBot = await createVia(owner.client, docBot({ name: 'Deleted' }));
  await owner.client.request('DELETE', `/api/bots/${deletedBot.id}`);
  const col = await owner.client.json<{ id: string }>('POST', '/api/collections', { kind: 'DocBot', name: 'Fractions' });
  collectionId = col.body.id;
});
afterAll(() => ctx.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const put = (version = 1) => ({ ...docBot({ name: 'Taken over' }), version });

/** Every bot endpoint, aimed at one bot. */
const botCalls = (id: string): Call[] => [
  ['GET', `/api/bots/${id}`],
  ['PUT', `/api/bots/${id}`, put()],
  ['DELETE', `/api/bots/${id}`],
  ['POST', `/api/bots/${id}/restore`],
  ['POST', `/api/bots/${id}/copy`],
  ['PUT', `/api/bots/${id}/visibility`, { visibility: 'public' }],
  ['PUT', `/api/bots/${id}/collection`, { collectionId: null }],
  ['POST', `/api/bots/${id}/touch`],
  ['POST', `/api/bots/${id}/runs`],
  ['GET', `/api/bots/${id}/runs`],
];
const collectionCalls = (id: string): Call[] => [
  ['PATCH', `/api/collections/${id}`, { name: 'Mine now' }],
  ['DELETE', `/api/collections/${id}`],
];
const listCalls: Call[] = [
  ['GET', '/api/bots?kind=DocBot&tab=mine'],
  ['POST', '/api/bots', docBot()],
  ['GET', '/api/collections?kind=DocBot'],
  ['POST', '/api/collections', { kind: 'DocBot', name: 'New' }],
  ['PUT', '/api/collections/order', { kind: 'DocBot', ids: [] }],
];
const everyCall = () => [...listCalls, ...botCalls(privateBot.id), ...collectionCalls(collectionId)];

async function notFoundBody(client: Client, call: Call) {
  const res = await client.json<ErrorJson>(call[0], call[1], call[2]);
  return { status: res.status, code: res.body.error?.code, message: res.body.error?.message };
}

describe('who may use the bot endpoints', () => {
  it('refuses every endpoint to a signed-out visitor with 401', async () => {
    for (const [method, url, body] of everyCall()) {
      const res = await signedOut.json<ErrorJson>(method, url, body);
      expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 401, 'unauthenticated']);
    }
  });

  it('refuses every endpoint to students, including students of a school, with 403', async () => {
    for (const client of [student, schoolStudent]) {
      for (const [method, url, body] of everyCall()) {
        const res = await client.json<ErrorJson>(method, url, body);
        expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 403, 'forbidden']);
      }
    }
  });

  it("gives another teacher the unknown-id 404 on every endpoint of a private bot and of someone's collection", async () => {
    for (const call of botCalls(privateBot.id)) {
      const unknown = await notFoundBody(otherTeacher, [call[0], call[1].replace(privateBot.id, unknownId), call[2]]);
      expect(unknown).toMatchObject({ status: 404, code: 'not_found' });
      for (const client of [otherTeacher, sameSchool, otherSchool]) expect(await notFoundBody(client, call)).toEqual(unknown);
    }
    for (const call of collectionCalls(collectionId)) {
      for (const client of [otherTeacher, sameSchool])
        expect(await notFoundBody(client, call)).toMatchObject({ status: 404, code: 'not_found' });
    }
    const reorder = await otherTeacher.json<ErrorJson>('PUT', '/api/collections/order', { kind: 'DocBot', ids: [collectionId] });
    expect(reorder.status).toBe(409);
    const file = await otherTeacher.json<ErrorJson>('POST', '/api/bots', { ...docBot(), collectionId });
    expect(file.body.error.fields).toEqual({ collectionId: 'Choose one of your own collections for this kind of bot.' });
    const move = await otherTeacher.json<ErrorJson>('PUT', `/api/bots/${privateBot.id}/collection`, { collectionId });
    expect(move.status).toBe(404);
  });

  it("never lets another teacher restore someone's deleted bot", async () => {
    for (const client of [otherTeacher, sameSchool])
      expect((await client.json('POST', `/api/bots/${deletedBot.id}/restore`)).status).toBe(404);
  });

  it("shows a school-shared bot read-only to the same school's teachers and not at all to another school's", async () => {
    const seen = await sameSchool.json<BotJson>('GET', `/api/bots/${schoolBot.id}?uid=${owner.user.id}&sid=${schoolId}&shared=true`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      isOwner: false,
      collectionId: null,
      lastUsedAt: null,
      permissions: { canEdit: false, canCopy: true, canShare: false, canDelete: false },
    });
    const tab = await sameSchool.json<{ items: BotJson[] }>('GET', '/api/bots?kind=DocBot&tab=school');
    expect(tab.body.items.map((b) => b.id)).toEqual([schoolBot.id]);
    expect((await sameSchool.json('POST', `/api/bots/${schoolBot.id}/copy`)).status).toBe(201);
    expect((await sameSchool.request('POST', `/api/bots/${schoolBot.id}/touch`)).status).toBe(204);
    expect((await sameSchool.json('POST', `/api/bots/${schoolBot.id}/runs`, { values: { topic: 'Thirds' } })).status).toBe(201);
    for (const call of botCalls(schoolBot.id).filter(
      ([m, u]) => !(m === 'GET' || u.endsWith('/copy') || u.endsWith('/touch') || u.endsWith('/runs')),
    )) {
      expect(await notFoundBody(sameSchool, call)).toMatchObject({ status: 404, code: 'not_found' });
    }

    for (const client of [otherSchool, otherTeacher]) {
      expect((await client.json('GET', `/api/bots/${schoolBot.id}`)).status).toBe(404);
      expect((await client.json('POST', `/api/bots/${schoolBot.id}/copy`)).status).toBe(404);
      expect((await client.request('POST', `/api/bots/${schoolBot.id}/touch`)).status).toBe(404);
      expect((await client.json('POST', `/api/bots/${schoolBot.id}/runs`, { values: { topic: 'Thirds' } })).status).toBe(404);
      const other = await client.json<{ items: BotJson[] }>('GET', '/api/bots?kind=DocBot&tab=school');
      expect(other.body.items).toEqual([]);
    }
    for (const tab of ['mine', 'public', 'templates']) {
      const res = await otherTeacher.json<{ items: BotJson[] }>('GET', `/api/bots?kind=DocBot&tab=${tab}`);
      expect(res.body.items.map((b) => b.id)).not.toContain(privateBot.id);
    }
  });

  it('refuses school sharing to a teacher without a school licence, with a clear message', async () => {
    const bot = await createVia(otherTeacher, docBot());
    const res = await otherTeacher.json<ErrorJson>('PUT', `/api/bots/${bot.id}/visibility`, { visibility: 'school' });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      visibility: 'Sharing with your school needs a school licence. Choose private or public instead.',
    });
    const shared = await otherTeacher.json<BotJson>('PUT', `/api/bots/${bot.id}/visibility`, { visibility: 'public' });
    expect(shared.body).toMatchObject({ visibility: 'public', version: 1 });
    const seen = await otherSchool.json<BotJson>('GET', `/api/bots/${bot.id}`);
    expect(seen.body).toMatchObject({ visibility: 'public', permissions: { canEdit: false, canCopy: true } });
  });

  it('gives the unknown-id 404 when the route parameters do not match the bot', async () => {
    const unknown = await notFoundBody(owner.client, ['GET', `/api/bots/${unknownId}?uid=${owner.user.id}&sid=${schoolId}`]);
    const base = `/api/bots/${schoolBot.id}`;
    expect((await owner.client.json('GET', `${base}?uid=${owner.user.id}&sid=${schoolId}&shared=false`)).status).toBe(200);
    const mismatches = [
      `${base}?uid=someone-else&sid=${schoolId}`,
      `${base}?uid=${owner.user.id}&sid=none`,
      `${base}?uid=builtin&sid=none`,
      `${base}?uid=${owner.user.id}&sid=00000000-0000-4000-8000-000000000001`,
      '/api/bots/not-a-uuid',
      '/api/bots/new',
    ];
    for (const url of mismatches) expect(await notFoundBody(owner.client, ['GET', url])).toEqual(unknown);
    // shared=false claims the bot is the caller's own.
    expect(await notFoundBody(sameSchool, ['GET', `${base}?uid=${owner.user.id}&sid=${schoolId}&shared=false`])).toEqual(unknown);
  });
});
