import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AssignmentDetail, StudentPage } from '../../../contract/assignments';
import { TROPHY_ICONS_MAX, type MyTrophies, type RecordTrophies, type Trophy } from '../../../contract/trophies';
import { schema } from '../../db/client';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { downloadRecord } from '../records/records.test-helpers';
import { assign, classWith, converse, ownTutor } from '../assignments/assignments.test-helpers';

// Issue 16, items 1 and 5: the teacher's trophies on a student's record (award with a reason, list,
// take back their own award, never a rule's) by the assigning premium teacher only, the counts on
// the table and the student's page, and the student's own Trophy Chart (total and newest 30).
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

let ctx: TestContext;
let owner: TestClient;
let assignment: AssignmentDetail;
let recordId: string;
let entryId: string;
let ada: Awaited<ReturnType<typeof signedIn>>;
let bea: Awaited<ReturnType<typeof signedIn>>;
let beaRecordId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const school = await makeSchool(ctx);
  owner = (await teacherAt(ctx, school)).client;
  const botId = await ownTutor(owner);
  const k = await classWith(owner, 'Period 3', [
    ['ada@example.org', 'Ada'],
    ['bea@example.org', 'Bea'],
  ]);
  entryId = k.entries['ada@example.org']!;
  assignment = await assign(owner, { botId, title: 'Fractions', classIds: [k.id] });
  recordId = assignment.students.find((s) => s.email === 'ada@example.org')!.id;
  beaRecordId = assignment.students.find((s) => s.email === 'bea@example.org')!.id;
  ada = await signedIn(ctx, { role: 'student', email: 'ada@example.org' });
  bea = await signedIn(ctx, { role: 'student', email: 'bea@example.org' });
  // Their accounts linked to the roster (as joining does), each record opened as theirs.
  for (const s of [ada, bea]) {
    await ctx.database.db.update(schema.rosterEntry).set({ userId: s.user.id }).where(eqEmail(s.user.email));
  }
  await converse(ctx, recordId, ada.user.id, ['Hello', 'Hi Ada']);
  await converse(ctx, beaRecordId, bea.user.id, ['Hello', 'Hi Bea']);
});
afterAll(() => ctx.close());

const eqEmail = (email: string) => eq(schema.rosterEntry.email, email);

const base = () => `/api/assignments/${assignment.id}/students/${recordId}/trophies`;

async function statusOf(client: TestClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
  return { status: res.status, code: json?.error?.code };
}

async function award(reason: string, record = recordId) {
  return owner.json<Trophy>('POST', `/api/assignments/${assignment.id}/students/${record}/trophies`, { reason });
}

async function trophyRows() {
  return ctx.database.db.select().from(schema.trophy);
}

describe('access', () => {
  let awarded: Trophy;
  beforeAll(async () => {
    awarded = (await award('Great explaining')).body;
  });

  const endpoints = (): [string, string, unknown?][] => [
    ['GET', base()],
    ['POST', base(), { reason: 'Sneaky' }],
    ['DELETE', `${base()}/${awarded.id}`],
    ['POST', `${base()}/${awarded.id}/restore`],
  ];

  it('refuses every teacher endpoint signed out (401), to students (403, the record’s own too) and to a free teacher (402)', async () => {
    const before = await trophyRows();
    const stranger = (await signedIn(ctx, { role: 'student' })).client;
    const free = (await signedIn(ctx, { role: 'teacher' })).client;
    for (const [method, url, body] of endpoints()) {
      expect([method, (await statusOf(new TestClient(ctx), method, url, body)).status]).toEqual([method, 401]);
      for (const student of [ada.client, stranger]) {
        expect([method, await statusOf(student, method, url, body)]).toEqual([method, { status: 403, code: 'forbidden' }]);
      }
      // Taking back is open to a lapsed owner: to any other teacher without Premium it is the 404 of another's.
      const refused = method === 'DELETE' ? { status: 404, code: 'not_found' } : { status: 402, code: 'premium_required' };
      expect([method, await statusOf(free, method, url, body)]).toEqual([method, refused]);
    }
    expect(await trophyRows()).toEqual(before);
  });

  it('answers 404 to any other teacher: same school, another school, none', async () => {
    const before = await trophyRows();
    const school = await makeSchool(ctx);
    const others = [(await teacherAt(ctx, school)).client, (await premiumTeacher(ctx)).client];
    for (const client of others) {
      for (const [method, url, body] of endpoints()) {
        expect([method, await statusOf(client, method, url, body)]).toEqual([method, { status: 404, code: 'not_found' }]);
      }
    }
    expect(await trophyRows()).toEqual(before);
  });

  it('answers 404 for a record that is not on this assignment, and for an unknown trophy', async () => {
    const botId = await ownTutor(owner, 'Other tutor');
    const k = await classWith(owner, 'Period 4', [['cy@example.org', 'Cy']]);
    const other = await assign(owner, { botId, title: 'Decimals', classIds: [k.id] });
    const foreign = `/api/assignments/${other.id}/students/${recordId}/trophies`;
    expect((await statusOf(owner, 'GET', foreign)).status).toBe(404);
    expect((await statusOf(owner, 'POST', foreign, { reason: 'x' })).status).toBe(404);
    expect((await statusOf(owner, 'DELETE', `${foreign}/${awarded.id}`)).status).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await statusOf(owner, 'DELETE', `${base()}/${id}`)).status).toBe(404);
      expect((await statusOf(owner, 'GET', `/api/assignments/${assignment.id}/students/${id}/trophies`)).status).toBe(404);
    }
  });

  it('/api/my-trophies: 401 signed out; each student sees only their own', async () => {
    expect((await new TestClient(ctx).get('/api/my-trophies')).status).toBe(401);
    await award('Bea helped a classmate', beaRecordId);
    const adas = (await ada.client.json<MyTrophies>('GET', '/api/my-trophies')).body;
    const beas = (await bea.client.json<MyTrophies>('GET', '/api/my-trophies')).body;
    expect(adas.trophies.every((t) => t.recordId === recordId)).toBe(true);
    expect(adas.trophies.map((t) => t.reason)).toContain('Great explaining');
    expect(beas).toMatchObject({ total: 1, trophies: [{ reason: 'Bea helped a classmate', recordId: beaRecordId }] });
    const stranger = (await signedIn(ctx, { role: 'student' })).client;
    expect((await stranger.json<MyTrophies>('GET', '/api/my-trophies')).body).toEqual({ total: 0, trophies: [] });
    // The teacher has no records of their own: an empty chart, not their students' trophies.
    expect((await owner.json<MyTrophies>('GET', '/api/my-trophies')).body).toEqual({ total: 0, trophies: [] });
  });
});

describe("the teacher's awards", () => {
  it('keeps the reason, counts it on the table and the student page, and lists newest first', async () => {
    const before = (await owner.json<RecordTrophies>('GET', base())).body.trophies.length;
    const first = await award('  Careful working  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      kind: 'teacher',
      reason: 'Careful working',
      byTeacher: true,
      assignmentId: assignment.id,
      assignmentTitle: 'Fractions',
      recordId,
    });
    const second = await award('Asked a brave question');
    const list = (await owner.json<RecordTrophies>('GET', base())).body.trophies;
    expect(list).toHaveLength(before + 2);
    expect(list.slice(0, 2).map((t) => t.id)).toEqual([second.body.id, first.body.id]);

    const table = (await owner.json<AssignmentDetail>('GET', `/api/assignments/${assignment.id}`)).body;
    expect(table.students.find((s) => s.id === recordId)!.trophies).toBe(list.length);
    const page = (await owner.json<StudentPage>('GET', `/api/students/${entryId}`)).body;
    expect(page.trophies).toBe(list.length);
    expect((await ada.client.json<MyTrophies>('GET', '/api/my-trophies')).body.total).toBe(list.length);
  });

  it('refuses an empty or too long reason with 422 naming the field', async () => {
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const res = await owner.json<ErrorJson>('POST', base(), { reason });
      expect([reason.length, res.status, Object.keys(res.body.error.fields ?? {})]).toEqual([reason.length, 422, ['reason']]);
    }
    expect((await owner.json<ErrorJson>('POST', base(), {})).status).toBe(422);
  });

  it("takes back the teacher's own award (204), and refuses a rule's trophy with 409", async () => {
    const given = (await award('Oops, wrong student')).body;
    expect((await owner.request('DELETE', `${base()}/${given.id}`)).status).toBe(204);
    expect((await owner.json<RecordTrophies>('GET', base())).body.trophies.map((t) => t.id)).not.toContain(given.id);
    expect((await owner.request('DELETE', `${base()}/${given.id}`)).status).toBe(404);

    const [rule] = await ctx.database.db
      .insert(schema.trophy)
      .values({ studentAssignmentId: recordId, kind: 'cameBack', reason: 'You came back on another day.' })
      .returning();
    const res = await owner.json<ErrorJson>('DELETE', `${base()}/${rule!.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A trophy the rules gave cannot be taken back; switch the rule off for later ones.');
    const listed = (await owner.json<RecordTrophies>('GET', base())).body.trophies.find((t) => t.id === rule!.id);
    expect(listed).toMatchObject({ kind: 'cameBack', byTeacher: false });
  });
});

describe('Undo after Take back', () => {
  it('brings back the same trophy: same id, reason and time awarded, counted again', async () => {
    const given = (await award('Helped Bea with step 2')).body;
    const count = async () =>
      (await owner.json<AssignmentDetail>('GET', `/api/assignments/${assignment.id}`)).body.students.find((r) => r.id === recordId)!
        .trophies;
    const before = await count();
    expect((await owner.request('DELETE', `${base()}/${given.id}`)).status).toBe(204);
    expect(await count()).toBe(before - 1);
    expect((await ada.client.json<MyTrophies>('GET', '/api/my-trophies')).body.trophies.map((t) => t.id)).not.toContain(given.id);

    const restored = await owner.json<Trophy>('POST', `${base()}/${given.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(given);
    expect((await owner.json<RecordTrophies>('GET', base())).body.trophies.find((t) => t.id === given.id)).toEqual(given);
    expect((await ada.client.json<MyTrophies>('GET', '/api/my-trophies')).body.trophies.find((t) => t.id === given.id)).toEqual(given);
    expect(await count()).toBe(before);
    expect((await trophyRows()).filter((r) => r.reason === 'Helped Bea with step 2')).toHaveLength(1);
    // Only a trophy taken back comes back: again is a 404, as is another teacher's.
    expect((await statusOf(owner, 'POST', `${base()}/${given.id}/restore`)).status).toBe(404);
    expect((await owner.request('DELETE', `${base()}/${given.id}`)).status).toBe(204);
    const stranger = (await premiumTeacher(ctx)).client;
    expect((await statusOf(stranger, 'POST', `${base()}/${given.id}/restore`)).status).toBe(404);
    expect((await owner.json<RecordTrophies>('GET', base())).body.trophies.map((t) => t.id)).not.toContain(given.id);
    // Kept for Undo, but no longer the student's: the record export leaves it out.
    const { json } = await downloadRecord(owner, `/api/students/${entryId}/export`);
    expect(json.assignments.flatMap((a) => a.trophies.map((t) => t.reason))).not.toContain('Helped Bea with step 2');
  });
});

describe('the Trophy Chart', () => {
  it(`31 trophies: a total of 31 and the newest ${TROPHY_ICONS_MAX} listed`, async () => {
    const student = await signedIn(ctx, { role: 'student', email: 'dee@example.org' });
    const k = await classWith(owner, 'Period 5', [['dee@example.org', 'Dee']]);
    await ctx.database.db.update(schema.rosterEntry).set({ userId: student.user.id }).where(eqEmail('dee@example.org'));
    const botId = await ownTutor(owner, 'Chart tutor');
    const first = await assign(owner, { botId, title: 'First', classIds: [k.id] });
    const second = await assign(owner, { botId, title: 'Second', classIds: [k.id] });
    const t0 = Date.now() - 3600_000;
    const rows = Array.from({ length: 31 }, (_, i) => ({
      studentAssignmentId: (i % 2 ? second : first).students[0]!.id,
      kind: 'teacher' as const,
      reason: `Trophy ${i + 1}`,
      createdAt: new Date(t0 + i * 1000),
    }));
    await ctx.database.db.insert(schema.trophy).values(rows);
    const chart = (await student.client.json<MyTrophies>('GET', '/api/my-trophies')).body;
    expect(chart.total).toBe(31);
    expect(chart.trophies).toHaveLength(TROPHY_ICONS_MAX);
    expect(chart.trophies[0]).toMatchObject({ reason: 'Trophy 31', assignmentTitle: 'First' });
    expect(chart.trophies.at(-1)!.reason).toBe('Trophy 2');
    // Taken off the roster: the records are no longer theirs, nor their trophies.
    await ctx.database.db.update(schema.rosterEntry).set({ removedAt: new Date() }).where(eqEmail('dee@example.org'));
    expect((await student.client.json<MyTrophies>('GET', '/api/my-trophies')).body).toEqual({ total: 0, trophies: [] });
  });
});
