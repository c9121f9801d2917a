import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FlagCount, FlagDetail, FlagList } from '../../../contract/flags';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assign, classWith, converse, ownTutor } from '../assignments/assignments.test-helpers';
import { flagOn, flagWorld } from './flags.test-helpers';

// Issue 16, item 5: flags only by the assigning teacher (reading even after their plan lapsed) and,
// for self-harm flags, the admins of that teacher's school. Everyone else is refused, and a refused
// request changes nothing.
type ErrorJson = { error: { code: string } };

let ctx: TestContext;
let world: Awaited<ReturnType<typeof flagWorld>>;
let selfHarmId: string;
let bullyingId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await flagWorld(ctx);
  selfHarmId = (
    await flagOn(ctx, world.teacher, world.ada, { category: 'self_harm', severity: 'high', reason: 'Talks of not wanting to live' })
  ).id;
  bullyingId = (await flagOn(ctx, world.teacher, world.ada)).id;
});
afterAll(() => ctx.close());

async function statusOf(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return { status: res.status, code: json?.error?.code };
}

const review = { note: 'Sneaky', reviewed: true };
/** Every endpoint that names a flag or a record. */
const named = (): [string, string, unknown?][] => [
  ['GET', `/api/flags?record=${world.ada.recordId}`],
  ['GET', `/api/flags/${selfHarmId}`],
  ['GET', `/api/flags/${bullyingId}`],
  ['POST', `/api/flags/${selfHarmId}/review`, review],
  ['POST', `/api/flags/${bullyingId}/review`, review],
];
const all = (): [string, string, unknown?][] => [['GET', '/api/flags'], ['GET', '/api/flags/count'], ...named()];

const flagRows = () => ctx.database.db.select().from(schema.safetyFlag).orderBy(schema.safetyFlag.id);

describe('refused', () => {
  it('401 signed out and 403 to students, the flagged student too', async () => {
    const before = await flagRows();
    for (const [method, url, body] of all()) {
      expect([url, (await statusOf(new TestClient(ctx), method, url, body)).status]).toEqual([url, 401]);
      for (const student of [world.ada.client, world.bea.client, (await signedIn(ctx, { role: 'student' })).client]) {
        expect([url, await statusOf(student, method, url, body)]).toEqual([url, { status: 403, code: 'forbidden' }]);
      }
    }
    expect(await flagRows()).toEqual(before);
  });

  it('402 to a free teacher (an empty badge: they have no flags)', async () => {
    const before = await flagRows();
    const free = (await signedIn(ctx, { role: 'teacher' })).client;
    for (const [method, url, body] of [['GET', '/api/flags'], ...named()] as [string, string, unknown?][]) {
      expect([url, await statusOf(free, method, url, body)]).toEqual([url, { status: 402, code: 'premium_required' }]);
    }
    expect((await free.json<FlagCount>('GET', '/api/flags/count')).body).toEqual({ unreviewed: 0, total: 0 });
    expect(await flagRows()).toEqual(before);
  });

  it('404 to any other teacher (same school, another school, none) and to an admin of another school', async () => {
    const before = await flagRows();
    const elsewhere = await makeSchool(ctx);
    const others = [
      (await teacherAt(ctx, world.school)).client,
      (await teacherAt(ctx, elsewhere)).client,
      (await premiumTeacher(ctx)).client,
      await adminOf(ctx, elsewhere),
    ];
    for (const client of others) {
      for (const [method, url, body] of named()) {
        expect([url, await statusOf(client, method, url, body)]).toEqual([url, { status: 404, code: 'not_found' }]);
      }
      expect((await client.json<FlagList>('GET', '/api/flags')).body).toMatchObject({ flags: [], unreviewed: 0 });
      expect((await client.json<FlagList>('GET', '/api/flags?status=all')).body.flags).toEqual([]);
      expect((await client.json<FlagCount>('GET', '/api/flags/count')).body).toEqual({ unreviewed: 0, total: 0 });
    }
    expect(await flagRows()).toEqual(before);
  });

  it('404 for ids that are not ids or name nothing; 422 for a bad review, changing nothing', async () => {
    const client = world.teacher.client;
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', `${selfHarmId}x`]) {
      expect((await statusOf(client, 'GET', `/api/flags/${id}`)).status).toBe(404);
      expect((await statusOf(client, 'POST', `/api/flags/${id}/review`, review)).status).toBe(404);
      expect((await statusOf(client, 'GET', `/api/flags?record=${id}`)).status).toBe(404);
    }
    const before = await flagRows();
    for (const body of [
      {},
      { note: 'x' },
      { reviewed: true },
      { note: 'x'.repeat(2001), reviewed: true },
      { note: 1, reviewed: true },
      { note: '', reviewed: 'yes' },
      { note: '', reviewed: true, extra: 1 },
    ]) {
      expect([body, (await statusOf(client, 'POST', `/api/flags/${bullyingId}/review`, body)).status]).toEqual([body, 422]);
    }
    for (const query of ['status=nope', 'cursor=%%%', 'cursor=abc', 'other=1']) {
      expect([query, (await statusOf(client, 'GET', `/api/flags?${query}`)).status]).toEqual([
        query,
        query.startsWith('cursor') ? 400 : 422,
      ]);
    }
    expect(await flagRows()).toEqual(before);
  });
});

describe('allowed', () => {
  it("the school's admin: the self-harm flag only, as an admin; read and review it", async () => {
    const inbox = (await world.admin.json<FlagList>('GET', '/api/flags?status=all')).body;
    expect(inbox.flags.map((f) => [f.id, f.as])).toEqual([[selfHarmId, 'admin']]);
    expect(inbox.unreviewed).toBe(1);
    expect((await world.admin.json<FlagCount>('GET', '/api/flags/count')).body).toEqual({ unreviewed: 1, total: 1 });
    const byRecord = (await world.admin.json<FlagList>('GET', `/api/flags?record=${world.ada.recordId}&status=all`)).body;
    expect(byRecord.flags.map((f) => f.id)).toEqual([selfHarmId]);
    const detail = await world.admin.json<FlagDetail>('GET', `/api/flags/${selfHarmId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: selfHarmId, as: 'admin', studentName: 'Ada Lovelace', teacherName: world.teacher.user.name });
    const reviewed = await world.admin.json<FlagDetail>('POST', `/api/flags/${selfHarmId}/review`, {
      note: 'Called the family',
      reviewed: true,
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.reviewed).toMatchObject({ note: 'Called the family', byName: await adminName() });
    await world.admin.json('POST', `/api/flags/${selfHarmId}/review`, { note: '', reviewed: false });
  });

  it('an admin whose licence has expired no longer sees the school’s flags', async () => {
    await ctx.database.db
      .update(schema.schoolLicence)
      .set({ expiration: '2001-01-01' })
      .where(eq(schema.schoolLicence.id, world.school.id));
    try {
      expect((await statusOf(world.admin, 'GET', `/api/flags/${selfHarmId}`)).status).toBe(404);
      expect((await world.admin.json<FlagCount>('GET', '/api/flags/count')).body.total).toBe(0);
    } finally {
      await ctx.database.db.update(schema.schoolLicence).set({ expiration: null }).where(eq(schema.schoolLicence.id, world.school.id));
    }
  });

  it('a teacher whose plan has lapsed still reads and reviews the flags of their assignments', async () => {
    const lapsed = await premiumTeacher(ctx);
    const k = await classWith(lapsed.client, 'Late', [['cy@example.org', 'Cy']]);
    const created = await assign(lapsed.client, { botId: await ownTutor(lapsed.client), title: 'Decimals', classIds: [k.id] });
    const cy = await signedIn(ctx, { role: 'student', email: 'cy@example.org' });
    const recordId = created.students[0]!.id;
    const conversationId = await converse(ctx, recordId, cy.user.id, ['Hi', 'Hello']);
    const flag = await flagOn(ctx, lapsed, { ...cy, recordId, conversationId });
    await ctx.database.db.delete(schema.customerSubscription).where(eq(schema.customerSubscription.userId, lapsed.user.id));

    expect((await lapsed.client.json<FlagList>('GET', '/api/flags')).body.flags.map((f) => f.id)).toEqual([flag.id]);
    expect((await lapsed.client.json<FlagCount>('GET', '/api/flags/count')).body).toEqual({ unreviewed: 1, total: 1 });
    expect((await lapsed.client.json<FlagList>('GET', `/api/flags?record=${recordId}`)).body.flags).toHaveLength(1);
    expect((await lapsed.client.json('GET', `/api/flags/${flag.id}`)).status).toBe(200);
    expect((await lapsed.client.json('POST', `/api/flags/${flag.id}/review`, { note: 'Seen', reviewed: true })).status).toBe(200);
    // Not another teacher's: the same 402 as any teacher without Premium.
    expect(await statusOf(lapsed.client, 'GET', `/api/flags/${bullyingId}`)).toEqual({ status: 402, code: 'premium_required' });
  });
});

async function adminName() {
  const email = `admin-${world.school.id.slice(0, 6)}@${world.school.domain}`;
  const [u] = await ctx.database.db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.email, email));
  return u!.name;
}
