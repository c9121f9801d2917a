import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Dashboard } from '../../../contract/school-dashboard';
import { schema } from '../../db/client';
import { createTestContext, type TestClient, type TestContext } from '../../../tests/harness';
import { adminOf, makeSchool, teacherAt } from '../bots/bots.test-helpers';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';
import { deleteUserEverything } from '../operator';

// Issue 39, item 28 (decision 279): the dashboard reads ai_usage_day, which triggers on ai_usage
// keep. Every figure must equal what the rows themselves say (the read before the summary, here
// worked out in JS from the rows): across UTC day boundaries, after calls finish or fail, after
// rows are deleted, after concurrent writes, and for the rows the migration's backfill added up.

type UsageRow = typeof schema.aiUsage.$inferSelect;
type Insert = typeof schema.aiUsage.$inferInsert;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => ctx?.close());

const URL = '/api/school-admin/dashboard';
const db = () => ctx.database.db;
const COUNTED = new Set(['ok', 'interrupted', 'blocked']);
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

interface Counts {
  generations: number;
  inputTokens: number;
  outputTokens: number;
  images: number;
}
const zero = (): Counts => ({ generations: 0, inputTokens: 0, outputTokens: 0, images: 0 });
const plus = (c: Counts, r: UsageRow): Counts => ({
  generations: c.generations + (r.kind === 'text' ? 1 : 0),
  inputTokens: c.inputTokens + r.inputTokens,
  outputTokens: c.outputTokens + r.outputTokens,
  images: c.images + r.images,
});
const pick = (c: Counts): Counts => ({
  generations: c.generations,
  inputTokens: c.inputTokens,
  outputTokens: c.outputTokens,
  images: c.images,
});

/** Entries as an object (key order does not matter to toEqual). */
const record = <T>(entries: [string, T][]): Record<string, T> => Object.fromEntries(entries);

/** The dashboard's figures as the rows say them: the definition of decision 130, row by row. */
async function expectedOf(schoolId: string, from: string, to: string) {
  const all = await db().select().from(schema.aiUsage).where(eq(schema.aiUsage.schoolId, schoolId));
  const rows = all.filter(
    (r) => r.kind !== 'moderation' && COUNTED.has(r.outcome) && utcDay(r.createdAt) >= from && utcDay(r.createdAt) <= to,
  );
  // The class of a student's call: the one its row recorded when it was written (null once deleted).
  const daily = new Map<string, Counts>();
  const teachers = new Map<string, Counts & { studentGenerations: number }>();
  const bots = new Map<string | null, Counts>();
  const classes = new Map<string | null, Counts & { students: Set<string> }>();
  const students = new Set<string>();
  for (const r of rows) {
    const student = r.userId !== r.poolOwnerId;
    daily.set(utcDay(r.createdAt), plus(daily.get(utcDay(r.createdAt)) ?? zero(), r));
    const t = teachers.get(r.poolOwnerId) ?? { ...zero(), studentGenerations: 0 };
    teachers.set(r.poolOwnerId, { ...plus(t, r), studentGenerations: t.studentGenerations + (student && r.kind === 'text' ? 1 : 0) });
    bots.set(r.botId, plus(bots.get(r.botId) ?? zero(), r));
    const classId = student ? r.classId : null;
    const c = classes.get(classId) ?? { ...zero(), students: new Set<string>() };
    if (student) c.students.add(r.userId);
    classes.set(classId, { ...plus(c, r), students: c.students });
    if (student) students.add(r.userId);
  }
  const total = rows.reduce(plus, zero());
  return {
    totals: { ...total, activeTeachers: teachers.size, activeStudents: students.size },
    daily: record([...daily]),
    teachers: record([...teachers]),
    bots: record([...bots].map(([k, v]) => [String(k), v])),
    classes: record([...classes].map(([k, v]) => [String(k), { ...pick(v), students: v.students.size }])),
  };
}

/** The same shape from the dashboard's answer (days without calls left out, as above). */
function shapeOf(d: Dashboard) {
  return {
    totals: d.totals,
    daily: record(d.daily.filter((r) => r.generations + r.images + r.inputTokens + r.outputTokens > 0).map((r) => [r.day, pick(r)])),
    teachers: record(d.teachers.map((t) => [t.userId, { ...pick(t), studentGenerations: t.studentGenerations }])),
    bots: record(d.bots.map((b) => [String(b.botId), pick(b)])),
    classes: record(d.classes.map((c) => [String(c.classId), { ...pick(c), students: c.students }])),
  };
}

async function dashboardOf(admin: TestClient, from: string, to: string): Promise<Dashboard> {
  const res = await admin.json<Dashboard>('GET', `${URL}?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function expectSame(admin: TestClient, schoolId: string, from: string, to: string) {
  const [got, want] = [shapeOf(await dashboardOf(admin, from, to)), await expectedOf(schoolId, from, to)];
  // Days with calls of zero tokens and no generation (an image call that made none) are still days.
  for (const [day, c] of Object.entries(want.daily))
    if (c.generations + c.images + c.inputTokens + c.outputTokens === 0) delete want.daily[day];
  expect(got).toEqual(want);
}

/** ai_usage grouped as the summary groups it, against the summary itself: no difference either way. */
async function summaryDrift(): Promise<unknown[]> {
  const result = await db().execute(sql`with want as (
      select school_id, (created_at at time zone 'UTC')::date as day, pool_owner_id, user_id, bot_id, class_id,
        count(*)::int as calls, (count(*) filter (where kind = 'text'))::int as generations, sum(input_tokens)::bigint as input_tokens,
        sum(output_tokens)::bigint as output_tokens, sum(images)::int as images
      from ai_usage where school_id is not null and kind in ('text', 'image') and outcome in ('ok', 'interrupted', 'blocked')
      group by 1, 2, 3, 4, 5, 6
    ), have as (
      select school_id, day, pool_owner_id, user_id, bot_id, class_id, calls, generations, input_tokens, output_tokens, images from ai_usage_day
    )
    (select 'missing' as what, * from (select * from want except all select * from have) m)
    union all
    (select 'extra', * from (select * from have except all select * from want) e)`);
  return (result as { rows: unknown[] }).rows;
}

const at = (iso: string) => new Date(iso);
const today = utcDay(new Date());

let world: Awaited<ReturnType<typeof assignmentWorld>>;
let school: Awaited<ReturnType<typeof makeSchool>>;
let admin: TestClient;
let teacherId: string;
let studentA: { userId: string; conversationId: string };
let studentB: { userId: string; conversationId: string; email: string };

/** A student on the world's class with a record that has a conversation. */
async function studentWithConversation() {
  const s = await world.addStudent();
  const [conv] = await db().insert(schema.conversation).values({ ownerId: s.user.id, title: 'Fractions' }).returning();
  await db().update(schema.studentAssignment).set({ conversationId: conv!.id }).where(eq(schema.studentAssignment.id, s.asid));
  return { userId: s.user.id, conversationId: conv!.id, email: s.user.email };
}

beforeAll(async () => {
  school = await makeSchool(ctx);
  admin = await adminOf(ctx, school);
  const teacher = await teacherAt(ctx, school);
  teacherId = teacher.user.id;
  const tutorEmail = `tutor-${school.id.slice(0, 6)}@${school.domain}`;
  await db().insert(schema.schoolTeacher).values({ schoolId: school.id, email: tutorEmail, building: 'South' });
  world = await assignmentWorld(ctx, { teacherEmail: tutorEmail });
  studentA = await studentWithConversation();
  studentB = await studentWithConversation();
}, 60_000);

const usage = (over: Partial<Insert>): Insert => ({
  userId: teacherId,
  poolOwnerId: teacherId,
  schoolId: school.id,
  kind: 'text',
  provider: 'gemini',
  model: 'gemini-2.5-flash',
  inputTokens: 100,
  outputTokens: 50,
  outcome: 'ok',
  ...over,
});
const studentUsage = (s: { userId: string; conversationId: string }, over: Partial<Insert> = {}) =>
  usage({ userId: s.userId, poolOwnerId: world.teacher.user.id, botId: world.bot.id, conversationId: s.conversationId, ...over });

describe('the per-day summary', () => {
  it('equals the rows, day by UTC day, on each side of midnight, in one statement and one at a time', async () => {
    const other = await makeSchool(ctx);
    // One statement of many rows (as the seed and a backfill write), then single rows.
    await db()
      .insert(schema.aiUsage)
      .values([
        usage({ createdAt: at('2026-03-01T23:59:59.999Z'), inputTokens: 7 }),
        usage({ createdAt: at('2026-03-02T00:00:00.000Z'), inputTokens: 11 }),
        usage({ createdAt: at('2026-03-02T00:00:00.000Z'), kind: 'image', images: 1, inputTokens: 3, outputTokens: 0 }),
        usage({ createdAt: at('2026-03-02T12:00:00Z'), kind: 'moderation', inputTokens: 1000 }),
        usage({ createdAt: at('2026-03-02T12:00:00Z'), outcome: 'error', inputTokens: 1000 }),
        usage({ createdAt: at('2026-03-02T12:00:00Z'), outcome: 'interrupted', outputTokens: 9 }),
        usage({ createdAt: at('2026-03-02T12:00:00Z'), outcome: 'blocked', outputTokens: 0 }),
        usage({ createdAt: at('2026-03-02T13:00:00Z'), schoolId: other.id }),
        usage({ createdAt: at('2026-03-02T13:00:00Z'), schoolId: null }),
        studentUsage(studentA, { createdAt: at('2026-03-02T23:59:59Z') }),
        studentUsage(studentA, { createdAt: at('2026-03-03T00:00:01Z') }),
        studentUsage(studentB, { createdAt: at('2026-03-03T08:00:00Z'), outputTokens: 70 }),
      ]);
    await db()
      .insert(schema.aiUsage)
      .values(studentUsage(studentB, { createdAt: at('2026-03-03T09:00:00Z') }));
    await db()
      .insert(schema.aiUsage)
      .values(usage({ createdAt: at('2026-03-03T10:00:00Z'), botId: world.bot.id }));
    expect(await summaryDrift()).toEqual([]);
    await expectSame(admin, school.id, '2026-03-01', '2026-03-03');
    for (const d of ['2026-03-01', '2026-03-02', '2026-03-03']) await expectSame(admin, school.id, d, d);
    const march2 = await dashboardOf(admin, '2026-03-02', '2026-03-02');
    expect(march2.totals).toMatchObject({ generations: 4, images: 1, inputTokens: 11 + 3 + 100 + 100 + 100, activeStudents: 1 });
  });

  it("follows a call as it runs and ends: a pending row counts once it finishes, a failure leaves the day as it was, today's partial day included", async () => {
    const before = (await dashboardOf(admin, today, today)).totals;
    const [pending] = await db()
      .insert(schema.aiUsage)
      .values(studentUsage(studentA, { outcome: 'pending', inputTokens: 0, outputTokens: 0 }))
      .returning();
    expect((await dashboardOf(admin, today, today)).totals).toEqual(before);
    await db().update(schema.aiUsage).set({ outcome: 'ok', inputTokens: 40, outputTokens: 30 }).where(eq(schema.aiUsage.id, pending!.id));
    const after = (await dashboardOf(admin, today, today)).totals;
    expect(after.generations).toBe(before.generations + 1);
    expect(after.inputTokens).toBe(before.inputTokens + 40);
    // A change of tokens on a finished row moves the figure by the difference; a failure takes the call out.
    await db().update(schema.aiUsage).set({ outputTokens: 35 }).where(eq(schema.aiUsage.id, pending!.id));
    expect((await dashboardOf(admin, today, today)).totals.outputTokens).toBe(before.outputTokens + 35);
    await db().update(schema.aiUsage).set({ outcome: 'error' }).where(eq(schema.aiUsage.id, pending!.id));
    expect((await dashboardOf(admin, today, today)).totals).toEqual(before);
    expect(await summaryDrift()).toEqual([]);
    // A day moved (a row's time changed) leaves one day and joins the other.
    await db()
      .update(schema.aiUsage)
      .set({ createdAt: at('2026-03-04T00:00:00Z'), outcome: 'ok' })
      .where(eq(schema.aiUsage.id, pending!.id));
    expect(await summaryDrift()).toEqual([]);
    await expectSame(admin, school.id, '2026-03-01', today);
  });

  it("records a student's class as the call is made and keeps it: a transcript purged or a record deleted keeps the class's calls, a deleted class's calls join the null row, a deleted account takes its calls with it", async () => {
    const c = await studentWithConversation();
    const [first] = await db()
      .insert(schema.aiUsage)
      .values([studentUsage(c, { createdAt: at('2026-03-05T10:00:00Z') }), studentUsage(c, { createdAt: at('2026-03-06T10:00:00Z') })])
      .returning();
    // The row trigger found the class through the conversation's record; a teacher's own row has none.
    expect(first!.classId).toBe(world.klass.id);
    const [own] = await db()
      .insert(schema.aiUsage)
      .values(usage({ createdAt: at('2026-03-05T11:00:00Z'), conversationId: c.conversationId }))
      .returning();
    expect(own!.classId).toBeNull();
    let d = await dashboardOf(admin, '2026-03-05', '2026-03-06');
    expect(d.classes.find((k) => k.classId === world.klass.id)).toMatchObject({ generations: 2, students: 1 });
    // The retention purge deletes the transcript (conversation); the calls stay the class's.
    await db().delete(schema.conversation).where(eq(schema.conversation.id, c.conversationId));
    d = await dashboardOf(admin, '2026-03-05', '2026-03-06');
    expect(d.classes.find((k) => k.classId === world.klass.id)).toMatchObject({ generations: 2, students: 1 });
    expect(d.totals).toMatchObject({ generations: 3, activeStudents: 1 });
    await expectSame(admin, school.id, '2026-03-01', today);

    // A class deleted: its calls are counted in the null row, each student once.
    const other = await assignmentWorld(ctx);
    const gone = await other.addStudent();
    const [conv] = await db().insert(schema.conversation).values({ ownerId: gone.user.id, title: 'Gone' }).returning();
    await db().update(schema.studentAssignment).set({ conversationId: conv!.id }).where(eq(schema.studentAssignment.id, gone.asid));
    const [goneCall] = await db()
      .insert(schema.aiUsage)
      .values(
        usage({
          userId: gone.user.id,
          poolOwnerId: other.teacher.user.id,
          conversationId: conv!.id,
          createdAt: at('2026-03-05T12:00:00Z'),
        }),
      )
      .returning();
    expect(goneCall!.classId).toBe(other.klass.id);
    d = await dashboardOf(admin, '2026-03-05', '2026-03-05');
    expect(d.classes.find((k) => k.classId === other.klass.id)).toMatchObject({ generations: 1, students: 1 });
    const nullBefore = d.classes.find((k) => k.classId === null)?.generations ?? 0;
    await db().delete(schema.teacherClass).where(eq(schema.teacherClass.id, other.klass.id));
    d = await dashboardOf(admin, '2026-03-05', '2026-03-05');
    expect(d.classes.find((k) => k.classId === other.klass.id)).toBeUndefined();
    expect(d.classes.find((k) => k.classId === null)?.generations).toBe(nullBefore + 1);
    // The key's ON DELETE SET NULL cleared the row's class, and the summary's update trigger followed.
    const [cleared] = await db().select().from(schema.aiUsage).where(eq(schema.aiUsage.id, goneCall!.id));
    expect(cleared!.classId).toBeNull();
    expect(await summaryDrift()).toEqual([]);
    await expectSame(admin, school.id, '2026-03-01', today);

    // Student B's account deleted: their metered calls go (accounts.service deletes them), in every table.
    const beforeDelete = await dashboardOf(admin, '2026-03-01', '2026-03-06');
    await deleteUserEverything({ db: db(), config: ctx.config }, studentB.email);
    const afterDelete = await dashboardOf(admin, '2026-03-01', '2026-03-06');
    expect(afterDelete.totals.activeStudents).toBe(beforeDelete.totals.activeStudents - 1);
    expect(afterDelete.totals.generations).toBe(beforeDelete.totals.generations - 2);
    expect(await summaryDrift()).toEqual([]);
    await expectSame(admin, school.id, '2026-03-01', today);
    // A group whose last call goes is no row at all (no teacher or student with zeros).
    const zeros = await db().execute<{ n: number }>(sql`select count(*)::int as n from ai_usage_day where calls <= 0`);
    expect(zeros).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('loses nothing to concurrent writers: 40 calls of one student on one day, started and finished at once', async () => {
    const s = await studentWithConversation();
    const day = '2026-03-10';
    const started = await Promise.all(
      Array.from({ length: 40 }, () =>
        db()
          .insert(schema.aiUsage)
          .values(studentUsage(s, { outcome: 'pending', createdAt: at(`${day}T09:00:00Z`), inputTokens: 0, outputTokens: 0 }))
          .returning({ id: schema.aiUsage.id }),
      ),
    );
    await Promise.all(
      started.map(([r], i) =>
        db()
          .update(schema.aiUsage)
          .set({ outcome: i % 10 === 0 ? 'error' : 'ok', inputTokens: 10, outputTokens: 5 })
          .where(eq(schema.aiUsage.id, r!.id)),
      ),
    );
    const d = await dashboardOf(admin, day, day);
    expect(d.totals).toMatchObject({ generations: 36, inputTokens: 360, outputTokens: 180, activeStudents: 1 });
    expect(await summaryDrift()).toEqual([]);
  });

  it("the migration's backfill finds each student row's class as the row trigger does and adds up the rows as the triggers do", async () => {
    const migration = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0033_usage_day_class.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint');
    const classes = statements.find((s) => /UPDATE "ai_usage" u SET class_id/.test(s))!;
    const recorded = await db().execute(sql`select id, class_id from ai_usage order by id`);
    await db().execute(sql`alter table ai_usage disable trigger ai_usage_day_update`);
    try {
      await db().execute(sql`update ai_usage set class_id = null`);
      await db().execute(sql.raw(classes));
    } finally {
      await db().execute(sql`alter table ai_usage enable trigger ai_usage_day_update`);
    }
    // The purged transcript's two rows cannot find their class again (the migration runs before
    // any purge); every other row finds the same one (the deleted class's row has none either way).
    const found = new Map(
      ((await db().execute(sql`select id, class_id from ai_usage`)) as { rows: { id: string; class_id: string | null }[] }).rows.map(
        (r) => [r.id, r.class_id],
      ),
    );
    const differ = (recorded as { rows: { id: string; class_id: string | null }[] }).rows.filter((r) => found.get(r.id) !== r.class_id);
    expect(differ.length).toBe(2);
    expect(differ.every((r) => found.get(r.id) === null)).toBe(true);
    await db().execute(sql`alter table ai_usage disable trigger ai_usage_day_update`);
    try {
      for (const r of differ) await db().execute(sql`update ai_usage set class_id = ${r.class_id}::uuid where id = ${r.id}::uuid`);
    } finally {
      await db().execute(sql`alter table ai_usage enable trigger ai_usage_day_update`);
    }
    const backfill = statements.at(-1)!;
    expect(backfill).toMatch(/INSERT INTO "ai_usage_day"/);
    const snapshot = await db().execute(sql`select count(*)::int as n from ai_usage_day`);
    await db().execute(sql`delete from ai_usage_day`);
    await db().execute(sql.raw(backfill));
    expect(await db().execute(sql`select count(*)::int as n from ai_usage_day`)).toMatchObject({
      rows: (snapshot as { rows: unknown[] }).rows,
    });
    expect(await summaryDrift()).toEqual([]);
    await expectSame(admin, school.id, '2026-03-01', today);
  });
});
