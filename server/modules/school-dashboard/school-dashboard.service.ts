import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_TABLE_ROWS,
  daysInPeriod,
  type BotUsage,
  type BuildingUsage,
  type ClassUsage,
  type DailyUsage,
  type Dashboard,
  type DashboardQuery,
  type DashboardTable,
  type TeacherUsage,
  type UsageCounts,
} from '../../../contract/school-dashboard';
import type { Db } from '../../db/client';

/**
 * The school's AI usage for a period, read from its per-day summary (ai_usage_day, decision 279):
 * triggers on ai_usage keep it equal to the counted rows grouped by UTC day, pool owner, caller, bot
 * and a student's class, so a read is bounded by the period's days and who was active in
 * them, not by the calls. Every statement names the licence id and the period's days, so another
 * school's rows are never read. Only the small aggregates come back to JS.
 */

export interface DashboardSchool {
  id: string;
  schoolname: string;
  expiration: string | null;
}

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The asked period, or the last 30 days (today included, UTC). */
export function periodOf(query: DashboardQuery, now = new Date()): Period {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const to = isoDay(now);
  return { from: isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS)), to };
}

/** The period's instants: from midnight UTC of `from` to midnight UTC after `to`. */
const bounds = (p: Period) => ({ start: `${p.from}T00:00:00Z`, end: new Date(Date.parse(`${p.to}T00:00:00Z`) + DAY_MS).toISOString() });

/**
 * The school's summary rows of the period (alias u): the counted calls, those that reached the
 * model and did not fail (text and image calls with outcome ok, interrupted or blocked), as the
 * triggers add them up. Pending (running), error and moderation rows are never in the summary.
 */
function counted(schoolId: string, p: Period): SQL {
  return sql`u.school_id = ${schoolId}::uuid and u.day >= ${p.from}::date and u.day <= ${p.to}::date`;
}

/** The aggregate columns of every table. */
const sums = sql`coalesce(sum(u.generations), 0) as generations,
  coalesce(sum(u.input_tokens), 0) as input_tokens, coalesce(sum(u.output_tokens), 0) as output_tokens,
  coalesce(sum(u.images), 0) as images`;

interface SumRow {
  generations: number | string;
  input_tokens: number | string;
  output_tokens: number | string;
  images: number | string;
}
const countsOf = (r: SumRow): UsageCounts => ({
  generations: Number(r.generations),
  inputTokens: Number(r.input_tokens),
  outputTokens: Number(r.output_tokens),
  images: Number(r.images),
});
const zero = (): UsageCounts => ({ generations: 0, inputTokens: 0, outputTokens: 0, images: 0 });
const add = (a: UsageCounts, b: UsageCounts): UsageCounts => ({
  generations: a.generations + b.generations,
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  images: a.images + b.images,
});

async function rows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute<Record<string, unknown>>(statement)) as { rows: T[] }).rows;
}

type DayRow = SumRow & { day: string };

/** Per day (UTC), every day of the period, days without calls as zeros. */
export async function dailyOf(db: Db, school: DashboardSchool, p: Period): Promise<DailyUsage[]> {
  const found = await rows<DayRow>(
    db,
    sql`select to_char(u.day, 'YYYY-MM-DD') as day, ${sums}
      from ai_usage_day u where ${counted(school.id, p)} group by u.day`,
  );
  return everyDay(found, p);
}

/** The period's days in order, from the days that had calls (the others zeros). */
function everyDay(found: DayRow[], p: Period): DailyUsage[] {
  const byDay = new Map(found.map((r) => [String(r.day), countsOf(r)]));
  const days: DailyUsage[] = [];
  const first = Date.parse(`${p.from}T00:00:00Z`);
  for (let i = 0; i < daysInPeriod(p.from, p.to); i++) {
    const day = isoDay(new Date(first + i * DAY_MS));
    days.push({ day, ...(byDay.get(day) ?? zero()) });
  }
  return days;
}

/**
 * The period's summary rows (a day of one caller's calls with one bot in one class, under one pool
 * owner; a deleted class's calls have none, migration 0034). The tables below (by teacher, bot and
 * class, and the active counts) are sums over these rows, in one pass each; the summary's own grain
 * is the dashboard's, so nothing is joined per row.
 */
function groupedWho(schoolId: string, p: Period): SQL {
  return sql`g as materialized (
      select u.day, u.pool_owner_id, u.user_id, u.bot_id, u.class_id, u.generations, u.input_tokens, u.output_tokens, u.images
      from ai_usage_day u where ${counted(schoolId, p)}
    )`;
}

/**
 * A usage row's bot id as the bot's uuid (null when it is not one), so each of the period's bots is
 * one read of bot_pkey (a lateral lookup, `limit 1` on the key: never a hash of every bot of the
 * installation, which is what comparing `id::text` did, 200,000 bots at tenfold data).
 */
const botUuid = (column: SQL) =>
  sql`case when ${column} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${column}::uuid end`;

/** The sums of a set of groups, named as `sums` names them. */
const resums = sql`coalesce(sum(g.generations), 0) as generations, coalesce(sum(g.input_tokens), 0) as input_tokens,
  coalesce(sum(g.output_tokens), 0) as output_tokens, coalesce(sum(g.images), 0) as images`;

type TeacherRow = SumRow & {
  user_id: string;
  email: string | null;
  name: string | null;
  building: string | null;
  student_generations: number;
};
type BuildingRow = SumRow & { building: string | null; teachers: number | string };
type BotRow = SumRow & { bot_id: string | null; name: string | null; kind: string | null; owner_email: string | null };
type ClassRow = SumRow & {
  class_id: string | null;
  name: string | null;
  section: string | null;
  owner_email: string | null;
  students: number;
};

interface WhoTables {
  daily: DailyUsage[];
  teachers: TeacherUsage[];
  buildings: BuildingUsage[];
  bots: BotUsage[];
  classes: ClassUsage[];
  tableRows: Dashboard['tableRows'];
  activeTeachers: number;
  activeStudents: number;
}

/**
 * Per day, by teacher (the quota pool the calls used, with the building from the licence's teachers
 * list), by building, by bot (name, kind, owner; null for the teacher assistant and bot-less image
 * requests), by class and the active counts, in one statement over one scan of the period.
 *
 * `limit` caps the teachers, bots and classes tables at the rows with the most generations (ties at
 * the cut by id; the classes table keeps its "Not from a class" row besides), so names are looked up
 * and sent for those only; null gives every row (the CSV export). Buildings add up every teacher.
 *
 * By class: a student's call belongs to the class its assignment record came through (the record's
 * roster entry) when it was made, so a student in two classes counts once, in the class of the
 * assignment they used. Calls from no class (teachers' own runs) and a deleted class's make the null row.
 */
export async function whoOf(db: Db, school: DashboardSchool, p: Period, limit: number | null): Promise<WhoTables> {
  const [row] = await rows<{
    result: {
      days: DayRow[];
      teachers: TeacherRow[];
      buildings: BuildingRow[];
      bots: BotRow[];
      classes: ClassRow[];
      teachers_active: number;
      students_active: number;
      bot_rows: number;
      class_rows: number;
    };
  }>(
    db,
    sql`with ${groupedWho(school.id, p)},
      t as (
        select g.pool_owner_id, ${resums},
          coalesce(sum(g.generations) filter (where g.user_id <> g.pool_owner_id), 0) as student_generations
        from g group by g.pool_owner_id
      ),
      tn as materialized (
        select t.*, a.email, a.name, nullif(btrim(st.building), '') as building
        from t
        left join "user" a on a.id = t.pool_owner_id
        left join school_teacher st on st.school_id = ${school.id}::uuid and st.email = lower(a.email)
      ),
      b as (select g.bot_id, ${resums} from g group by g.bot_id),
      cu as (
        select g.class_id, g.user_id, g.user_id <> g.pool_owner_id as student, ${resums}
        from g group by g.class_id, g.user_id, g.user_id <> g.pool_owner_id
      ),
      c as (
        select cu.class_id, sum(cu.generations) as generations, sum(cu.input_tokens) as input_tokens,
          sum(cu.output_tokens) as output_tokens, sum(cu.images) as images, count(*) filter (where cu.student) as students
        from cu group by cu.class_id
      )
      select json_build_object(
        'days', (select coalesce(json_agg(x), '[]') from (select to_char(g.day, 'YYYY-MM-DD') as day, ${resums} from g group by g.day) x),
        'teachers', (select coalesce(json_agg(x order by x.generations desc, x.email), '[]') from (
          select tn.*, tn.pool_owner_id as user_id from tn order by tn.generations desc, tn.pool_owner_id limit ${limit}) x),
        'buildings', (select coalesce(json_agg(x), '[]') from (
          select g.building, count(*) as teachers, ${resums} from tn g group by g.building) x),
        'bots', (select coalesce(json_agg(x order by x.generations desc, x.name nulls last, x.bot_id), '[]') from (
          select b.*, k.name, k.kind, k.owner_email
          from (select * from b order by b.generations desc, b.bot_id nulls first limit ${limit}) b
          left join lateral (
            select k.name, k.kind, o.email as owner_email from bot k left join "user" o on o.id = k.owner_id
            where k.id = ${botUuid(sql`b.bot_id`)} limit 1
          ) k on true) x),
        'classes', (select coalesce(json_agg(x order by (x.class_id is null), x.generations desc, x.name, x.class_id), '[]') from (
          select c.*, k.name, k.section, o.email as owner_email
          from (
            (select * from c where c.class_id is null)
            union all
            (select * from c where c.class_id is not null order by c.generations desc, c.class_id limit ${limit})
          ) c
          left join teacher_class k on k.id = c.class_id
          left join "user" o on o.id = k.owner_id) x),
        'teachers_active', (select count(*) from t),
        'students_active', (select count(*) from (select cu.user_id from cu where cu.student group by cu.user_id) s),
        'bot_rows', (select count(*) from b),
        'class_rows', (select count(*) from c)
      ) as result`,
  );
  const r = row!.result;
  const buildings = r.buildings
    .map((k) => ({ building: k.building, teachers: Number(k.teachers), ...countsOf(k) }))
    .sort((a, b) => b.generations - a.generations || (a.building ?? '~').localeCompare(b.building ?? '~'));
  return {
    daily: everyDay(r.days, p),
    teachers: r.teachers.map((t) => ({
      userId: t.user_id,
      email: t.email ?? '',
      name: t.name ?? '',
      building: t.building,
      studentGenerations: Number(t.student_generations),
      ...countsOf(t),
    })),
    buildings: limit === null ? buildings : buildings.slice(0, limit),
    bots: r.bots.map((b) => ({ botId: b.bot_id, name: b.name, kind: b.kind, ownerEmail: b.owner_email, ...countsOf(b) })),
    classes: r.classes.map((k) => ({
      classId: k.class_id,
      name: k.name,
      section: k.section,
      ownerEmail: k.owner_email,
      students: Number(k.students),
      ...countsOf(k),
    })),
    tableRows: {
      teachers: Number(r.teachers_active),
      buildings: buildings.length,
      bots: Number(r.bot_rows),
      classes: Number(r.class_rows),
    },
    activeTeachers: Number(r.teachers_active),
    activeStudents: Number(r.students_active),
  };
}

/** Safety flags raised in the period on students of the licence's listed teachers, by severity. */
async function flagsOf(db: Db, school: DashboardSchool, p: Period): Promise<Dashboard['flags']> {
  const { start, end } = bounds(p);
  const found = await rows<{ severity: string; n: string }>(
    db,
    sql`select f.severity, count(*) as n
      from safety_flag f
      join "user" t on t.id = f.teacher_id
      join school_teacher st on st.school_id = ${school.id}::uuid and st.email = lower(t.email)
      where f.created_at >= ${start}::timestamptz and f.created_at < ${end}::timestamptz
      group by f.severity`,
  );
  const n = (s: string) => Number(found.find((r) => r.severity === s)?.n ?? 0);
  return { low: n('low'), medium: n('medium'), high: n('high') };
}

/** Whole days from today (UTC) to the licence's last valid day; negative once expired. */
export function daysLeft(expiration: string | null, now = new Date()): number | null {
  if (!expiration) return null;
  return Math.round((Date.parse(`${expiration}T00:00:00Z`) - Date.parse(`${isoDay(now)}T00:00:00Z`)) / DAY_MS);
}

/** One table of the dashboard, for its CSV export: every row. */
export async function dashboardTableOf(db: Db, school: DashboardSchool, p: Period, table: DashboardTable): Promise<Partial<Dashboard>> {
  if (table === 'daily') return { daily: await dailyOf(db, school, p) };
  const who = await whoOf(db, school, p, null);
  return { [table]: who[table] };
}

export async function schoolDashboard(db: Db, school: DashboardSchool, p: Period, now = new Date()): Promise<Dashboard> {
  const { daily, teachers, buildings, bots, classes, tableRows, activeTeachers, activeStudents } = await whoOf(
    db,
    school,
    p,
    DASHBOARD_TABLE_ROWS,
  );
  const flags = await flagsOf(db, school, p);
  return {
    school: { id: school.id, name: school.schoolname, expiration: school.expiration, daysLeft: daysLeft(school.expiration, now) },
    from: p.from,
    to: p.to,
    totals: { ...daily.reduce(add, zero()), activeTeachers, activeStudents },
    flags,
    daily,
    teachers,
    buildings,
    bots,
    classes,
    tableRows,
  };
}
