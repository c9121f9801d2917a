import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Dashboard } from '../../../contract/school-dashboard';
import { schema } from '../../db/client';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { imageBotOf, key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { premiumTeacher } from '../classes/classes.test-helpers';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';
import { csvCell } from '../../lib/csv';
import { periodOf, whoOf } from './school-dashboard.service';

// Issue 18, item 3: the school's AI usage for its admins. The numbers equal the calls this test
// makes through the real engine against the fake Gemini; another school's calls never show; the
// CSV export says what the JSON says.

type ErrorJson = { error: { code: string; fields?: Record<string, string> } };
type Client = TestClient;

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

const today = () => new Date().toISOString().slice(0, 10);
const words = (s: string) => (s.match(/\S+/g) ?? []).length;
const URL = '/api/school-admin/dashboard';

async function send(client: Client, conversationId: string, text: string) {
  const res = await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text });
  expect(res.status).toBe(200);
  const out = await readUIStream(res);
  expect(out.done).toBe(true);
  return words(out.text);
}

/** A school with an admin, a teacher in building North who uses the assistant and makes an image, and a class whose student runs a tutor. */
async function usedSchool() {
  const school = await makeSchool(ctx);
  const admin = await adminOf(ctx, school);
  const teacher = await teacherAt(ctx, school);
  await ctx.database.db.update(schema.schoolTeacher).set({ building: 'North' }).where(eq(schema.schoolTeacher.email, teacher.user.email));
  let teacherOut = 0;
  const conv = (await teacher.client.json<{ id: string }>('POST', '/api/conversations', {})).body.id;
  teacherOut += await send(teacher.client, conv, 'Plan a lesson on volcanoes');
  teacherOut += await send(teacher.client, conv, 'Now a quiz');
  // A failed call is metered as an error and is not a generation.
  fake.core.failNext({ kind: 'status', status: 400, message: 'bad' });
  const { allowConsoleErrors } = await import('../../../tests/setup');
  allowConsoleErrors();
  expect((await teacher.client.post(`/api/conversations/${conv}/messages`, { idempotencyKey: key(), text: 'fails' })).status).toBe(502);
  const imageBot = await imageBotOf(teacher.client);
  expect((await teacher.client.json('POST', '/api/images', { idempotencyKey: key(), prompt: 'A volcano', botId: imageBot })).status).toBe(
    201,
  );

  // A second teacher of the school, on the list, whose student runs a tutor (student messages also get a moderation pass, not counted).
  const tutorEmail = `tutor-${key().slice(2, 10)}@${school.domain}`;
  await ctx.database.db.insert(schema.schoolTeacher).values({ schoolId: school.id, email: tutorEmail, building: 'South' });
  const world = await assignmentWorld(ctx, { teacherEmail: tutorEmail });
  const student = await world.addStudent();
  expect((await student.client.post(`/api/my-assignments/${student.asid}/start`)).status).toBe(200);
  const res = await student.client.post(`/api/my-assignments/${student.asid}/messages`, {
    idempotencyKey: key(),
    text: 'What is 1/2 + 1/4?',
  });
  expect(res.status).toBe(200);
  const studentOut = words((await readUIStream(res)).text);
  return { school, admin, teacher, imageBot, world, student, teacherOut, studentOut };
}

let a: Awaited<ReturnType<typeof usedSchool>>;
let b: Awaited<ReturnType<typeof usedSchool>>;
beforeAll(async () => {
  a = await usedSchool();
  b = await usedSchool();
  // One more call at school B only.
  const conv = (await b.teacher.client.json<{ id: string }>('POST', '/api/conversations', {})).body.id;
  await send(b.teacher.client, conv, 'One more at B');
}, 60_000);

const dashboardOf = async (client: Client, query = '') => {
  const res = await client.json<Dashboard>('GET', `${URL}${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('the numbers', () => {
  it('equal the calls made through the engine: totals, by teacher, by bot, by class, by building, per day', async () => {
    const d = await dashboardOf(a.admin);
    expect(d.to).toBe(today());
    expect(d.daily).toHaveLength(30);
    expect(d.totals).toMatchObject({ generations: 3, images: 1, activeTeachers: 2, activeStudents: 1 });
    expect(d.totals.outputTokens).toBe(a.teacherOut + a.studentOut);
    // Input tokens: what the metered rows say, summed only over counted calls (not the error, not the moderation pass).
    const rows = await ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.schoolId, a.school.id));
    expect(rows.filter((r) => r.kind === 'moderation').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.outcome === 'error')).toHaveLength(1);
    const countedRows = rows.filter((r) => r.kind !== 'moderation' && r.outcome !== 'error');
    expect(d.totals.inputTokens).toBe(countedRows.reduce((n, r) => n + r.inputTokens, 0));
    expect(d.totals.inputTokens).toBeGreaterThan(0);

    expect(d.daily.at(-1)).toMatchObject({ day: today(), generations: 3, images: 1 });
    expect(d.daily.slice(0, -1).every((r) => r.generations === 0 && r.images === 0)).toBe(true);

    const teacher = d.teachers.find((t) => t.userId === a.teacher.user.id);
    expect(teacher).toMatchObject({
      email: a.teacher.user.email,
      building: 'North',
      generations: 2,
      images: 1,
      outputTokens: a.teacherOut,
      studentGenerations: 0,
    });
    const tutorTeacher = d.teachers.find((t) => t.userId === a.world.teacher.user.id);
    expect(tutorTeacher).toMatchObject({ building: 'South', generations: 1, studentGenerations: 1, outputTokens: a.studentOut });
    expect(d.teachers).toHaveLength(2);

    expect(d.buildings.map((x) => [x.building, x.generations, x.teachers]).sort()).toEqual([
      ['North', 2, 1],
      ['South', 1, 1],
    ]);

    expect(d.bots.find((x) => x.botId === null)).toMatchObject({ name: null, generations: 2, images: 0 });
    expect(d.bots.find((x) => x.botId === a.imageBot)).toMatchObject({
      kind: 'DocBot',
      generations: 0,
      images: 1,
      ownerEmail: a.teacher.user.email,
    });
    expect(d.bots.find((x) => x.botId === a.world.bot.id)).toMatchObject({ name: a.world.bot.name, kind: 'TutorBot', generations: 1 });

    expect(d.classes.find((x) => x.classId === a.world.klass.id)).toMatchObject({ name: 'Period 3 Math', students: 1, generations: 1 });
    expect(d.classes.find((x) => x.classId === null)).toMatchObject({ generations: 2, images: 1, students: 0 });
    expect(d.tableRows).toEqual({ teachers: 2, buildings: 2, bots: 3, classes: 2 });
  });

  it('cuts each table at the rows with the most generations, says how many there are, and the CSV read has them all', async () => {
    const school = { id: a.school.id, schoolname: 'A', expiration: null };
    const p = periodOf({});
    const cut = await whoOf(ctx.database.db, school, p, 1);
    const all = await whoOf(ctx.database.db, school, p, null);
    expect(cut.tableRows).toEqual({ teachers: 2, buildings: 2, bots: 3, classes: 2 });
    expect(all.tableRows).toEqual(cut.tableRows);
    expect(cut.teachers.map((t) => t.userId)).toEqual([a.teacher.user.id]);
    expect(cut.buildings.map((x) => x.building)).toEqual(['North']);
    // The assistant (2 generations) outranks the tutor (1) and the image bot (0).
    expect(cut.bots.map((x) => x.botId)).toEqual([null]);
    // The class keeps its "Not from a class" row besides the one class the cut allows.
    expect(cut.classes.map((x) => x.classId)).toEqual([a.world.klass.id, null]);
    expect([all.teachers.length, all.buildings.length, all.bots.length, all.classes.length]).toEqual([2, 2, 3, 2]);
    expect(all.bots.map((x) => x.generations)).toEqual([2, 1, 0]);
  });

  it("never shows another school's calls: each admin sees only their own", async () => {
    const da = await dashboardOf(a.admin);
    const db = await dashboardOf(b.admin);
    expect(db.totals.generations).toBe(4);
    expect(da.totals.generations).toBe(3);
    const bIds = new Set([b.teacher.user.id, b.world.teacher.user.id]);
    expect(da.teachers.some((t) => bIds.has(t.userId))).toBe(false);
    expect(da.bots.some((x) => x.botId === b.world.bot.id || x.botId === b.imageBot)).toBe(false);
    expect(da.classes.some((x) => x.classId === b.world.klass.id)).toBe(false);
    expect(db.school.id).toBe(b.school.id);
  });

  it('counts flags of the school by severity in the period, and none of other schools', async () => {
    const [record] = await ctx.database.db
      .select({ conversationId: schema.studentAssignment.conversationId })
      .from(schema.studentAssignment)
      .where(eq(schema.studentAssignment.id, a.student.asid));
    const insert = (teacherId: string, severity: 'low' | 'medium' | 'high') =>
      ctx.database.db.insert(schema.safetyFlag).values({
        conversationId: record!.conversationId!,
        studentId: a.student.user.id,
        teacherId,
        category: 'bullying',
        severity,
        source: 'input',
      });
    await insert(a.world.teacher.user.id, 'high');
    await insert(a.world.teacher.user.id, 'low');
    await insert(a.world.teacher.user.id, 'low');
    await insert(b.world.teacher.user.id, 'medium');
    expect((await dashboardOf(a.admin)).flags).toEqual({ low: 2, medium: 0, high: 1 });
    expect((await dashboardOf(b.admin)).flags).toEqual({ low: 0, medium: 1, high: 0 });
  });

  it('answers for a chosen period: a period before the calls is all zeros, with every day listed', async () => {
    const d = await dashboardOf(a.admin, '?from=2025-01-01&to=2025-03-31');
    expect(d.daily).toHaveLength(90);
    expect(d.daily[0]!.day).toBe('2025-01-01');
    expect(d.totals).toMatchObject({ generations: 0, images: 0, activeTeachers: 0, activeStudents: 0 });
    expect(d.teachers).toEqual([]);
  });

  it('refuses a bad period with 422 and names the field', async () => {
    for (const q of [
      '?from=2025-02-30&to=2025-03-01',
      '?from=2025-03-02&to=2025-03-01',
      '?from=2024-01-01&to=2025-12-31',
      '?from=2025-01-01',
      '?from=x&to=y',
      '?days=3',
    ]) {
      const res = await a.admin.json<ErrorJson>('GET', `${URL}${q}`);
      expect([q, res.status, res.body.error.code]).toEqual([q, 422, 'validation_failed']);
    }
  });
});

describe('CSV export', () => {
  const csvOf = async (client: Client, table: string, query = '') => {
    const res = await client.get(`${URL}/export/${table}${query}`);
    return { res, text: await res.text() };
  };
  const parse = (text: string) =>
    text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));

  it('each table matches the JSON, with a safe file name', async () => {
    const d = await dashboardOf(a.admin);
    const daily = await csvOf(a.admin, 'daily');
    expect(daily.res.status).toBe(200);
    expect(daily.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(daily.res.headers.get('content-disposition')).toBe(`attachment; filename="ai-usage-daily-${d.from}-to-${d.to}.csv"`);
    const dailyRows = parse(daily.text);
    expect(dailyRows[0]).toEqual(['Day', 'Generations', 'Input tokens', 'Output tokens', 'Images']);
    expect(dailyRows.slice(1)).toEqual(
      d.daily.map((r) => [r.day, String(r.generations), String(r.inputTokens), String(r.outputTokens), String(r.images)]),
    );

    const teachers = parse((await csvOf(a.admin, 'teachers')).text);
    expect(teachers.slice(1)).toEqual(
      d.teachers.map((t) => [
        t.email,
        t.name,
        t.building ?? '',
        String(t.generations),
        String(t.inputTokens),
        String(t.outputTokens),
        String(t.images),
        String(t.studentGenerations),
      ]),
    );
    const bots = parse((await csvOf(a.admin, 'bots')).text);
    expect(bots).toHaveLength(d.bots.length + 1);
    expect(bots.find((r) => r[0] === 'Teacher assistant (no bot)')?.[3]).toBe('2');
    const classes = parse((await csvOf(a.admin, 'classes')).text);
    expect(classes.find((r) => r[0] === 'Period 3 Math')).toEqual([
      'Period 3 Math',
      '',
      a.world.teacher.user.email,
      '1',
      '1',
      String(d.classes.find((c) => c.classId === a.world.klass.id)!.inputTokens),
      String(a.studentOut),
      '0',
    ]);
    const buildings = parse((await csvOf(a.admin, 'buildings')).text);
    expect(
      buildings
        .slice(1)
        .map((r) => [r[0], r[2]])
        .sort(),
    ).toEqual([
      ['North', '2'],
      ['South', '1'],
    ]);
    const period = await csvOf(a.admin, 'daily', '?from=2025-01-01&to=2025-01-03');
    expect(parse(period.text)).toHaveLength(4);
    expect(period.res.headers.get('content-disposition')).toContain('ai-usage-daily-2025-01-01-to-2025-01-03.csv');
  });

  it('guards against formulas and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('a bot named like a formula is exported guarded', async () => {
    await ctx.database.db.update(schema.bot).set({ name: '=cmd|calc' }).where(eq(schema.bot.id, a.imageBot));
    const text = (await csvOf(a.admin, 'bots')).text;
    expect(text).toContain("'=cmd|calc");
    expect(text).not.toMatch(/(^|,)=cmd/m);
  });

  it('answers 404 for an unknown table and 422 for a bad period', async () => {
    expect((await csvOf(a.admin, 'students')).res.status).toBe(404);
    expect((await csvOf(a.admin, 'daily', '?from=2025-03-02&to=2025-03-01')).res.status).toBe(422);
  });
});

describe('access', () => {
  const endpoints = [URL, `${URL}?from=2025-01-01&to=2025-01-31`, `${URL}/export/daily`, `${URL}/export/teachers`];
  const statusOf = async (client: Client, url: string) => {
    const res = await client.get(url);
    const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as ErrorJson) : null;
    return { status: res.status, code: json?.error?.code };
  };

  it('401 signed out; 403 to a student, a free teacher, a premium teacher, a teacher of the school who is not an admin, and the support account', async () => {
    const refused = [
      (await signedIn(ctx, { role: 'student' })).client,
      (await signedIn(ctx, { email: `kid@${a.school.domain}`, role: 'student' })).client,
      (await signedIn(ctx, { role: 'teacher' })).client,
      (await premiumTeacher(ctx)).client,
      a.teacher.client,
      (await signedIn(ctx, { email: 'support@classbots.test', role: 'teacher' })).client,
    ];
    for (const url of endpoints) {
      expect([url, (await statusOf(new TestClient(ctx), url)).status]).toEqual([url, 401]);
      for (const client of refused) expect([url, await statusOf(client, url)]).toEqual([url, { status: 403, code: 'forbidden' }]);
    }
  });

  it('402 to an admin whose licence has expired (their school no longer gives them premium)', async () => {
    const school = await makeSchool(ctx);
    const admin = await adminOf(ctx, school);
    expect((await admin.get(URL)).status).toBe(200);
    await ctx.database.db.update(schema.schoolLicence).set({ expiration: '2020-01-01' }).where(eq(schema.schoolLicence.id, school.id));
    for (const url of endpoints) expect([url, await statusOf(admin, url)]).toEqual([url, { status: 402, code: 'premium_required' }]);
  });

  it("an admin of another school has no way to name school A: the school comes from the admin's own licence", async () => {
    const other = await makeSchool(ctx);
    const admin = await adminOf(ctx, other);
    const d = await dashboardOf(admin, `?from=2020-01-01&to=2020-01-02`);
    expect(d.school.id).toBe(other.id);
    expect(await statusOf(admin, `${URL}?school=${a.school.id}`)).toEqual({ status: 422, code: 'validation_failed' });
    const now = await dashboardOf(admin);
    expect(now.totals.generations).toBe(0);
    expect(now.teachers).toEqual([]);
  });

  it('shows the expiration and the days left', async () => {
    const school = await makeSchool(ctx);
    const in10 = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await ctx.database.db.update(schema.schoolLicence).set({ expiration: in10 }).where(eq(schema.schoolLicence.id, school.id));
    const admin = await adminOf(ctx, school);
    expect((await dashboardOf(admin)).school).toMatchObject({ expiration: in10, daysLeft: 10 });
  });
});
