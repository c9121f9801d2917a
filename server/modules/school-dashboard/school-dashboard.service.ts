import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_DEFAULT_DAYS,
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
 * The school's AI usage for a period, aggregated in SQL over ai_usage_school_idx (school_id,
 * created_at): every statement names the licence id and the period's instants, so another school's
 * rows are never read. Only the small aggregates come back to JS (days, teachers, bots, classes).
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
 * The counted rows of the school in the period (alias u): text and image calls that reached the
 * model and did not fail. Pending (running), error and moderation rows are left out.
 */
function counted(schoolId: string, p: Period): SQL {
  const { start, end } = bounds(p);
  return sql`u.school_id = ${schoolId}::uuid and u.created_at >= ${start}::timestamptz and u.created_at < ${end}::timestamptz
    and u.kind in ('text', 'image') and u.outcome in ('ok', 'interrupted', 'blocked')`;
}

/** The aggregate columns of every table. */
const sums = sql`count(*) filter (where u.kind = 'text') as generations,
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

/** Per day (UTC), every day of the period, days without calls as zeros. */
export async function dailyOf(db: Db, school: DashboardSchool, p: Period): Promise<DailyUsage[]> {
  const found = await rows<SumRow & { day: string | Date }>(
    db,
    sql`select to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${sums}
      from ai_usage u where ${counted(school.id, p)} group by 1`,
  );
  const byDay = new Map(found.map((r) => [String(r.day), countsOf(r)]));
  const days: DailyUsage[] = [];
  const first = Date.parse(`${p.from}T00:00:00Z`);
  for (let i = 0; i < daysInPeriod(p.from, p.to); i++) {
    const day = isoDay(new Date(first + i * DAY_MS));
    days.push({ day, ...(byDay.get(day) ?? zero()) });
  }
  return days;
}

/** By teacher: the quota pool the calls used, with the teacher's building from the licence's teachers list. */
export async function teachersOf(db: Db, school: DashboardSchool, p: Period): Promise<TeacherUsage[]> {
  const found = await rows<
    SumRow & { user_id: string; email: string | null; name: string | null; building: string | null; student_generations: string }
  >(
    db,
    sql`with t as (
        select u.pool_owner_id, ${sums},
          count(*) filter (where u.kind = 'text' and u.user_id <> u.pool_owner_id) as student_generations
        from ai_usage u where ${counted(school.id, p)} group by u.pool_owner_id
      )
      select t.*, t.pool_owner_id as user_id, a.email, a.name, st.building
      from t
      left join "user" a on a.id = t.pool_owner_id
      left join school_teacher st on st.school_id = ${school.id}::uuid and st.email = lower(a.email)
      order by t.generations desc, a.email`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    email: r.email ?? '',
    name: r.name ?? '',
    building: r.building?.trim() ? r.building.trim() : null,
    studentGenerations: Number(r.student_generations),
    ...countsOf(r),
  }));
}

/** By building: the teachers' rows added up per building (no building: null). */
export function buildingsOf(teachers: TeacherUsage[]): BuildingUsage[] {
  const by = new Map<string | null, BuildingUsage>();
  for (const t of teachers) {
    const row = by.get(t.building) ?? { building: t.building, teachers: 0, ...zero() };
    by.set(t.building, { ...row, ...add(row, t), teachers: row.teachers + 1 });
  }
  return [...by.values()].sort((a, b) => b.generations - a.generations || (a.building ?? '~').localeCompare(b.building ?? '~'));
}

/** By bot: the bot's name, kind and owner; null for the teacher assistant and bot-less image requests. */
export async function botsOf(db: Db, school: DashboardSchool, p: Period): Promise<BotUsage[]> {
  const found = await rows<SumRow & { bot_id: string | null; name: string | null; kind: string | null; owner_email: string | null }>(
    db,
    sql`with t as (select u.bot_id, ${sums} from ai_usage u where ${counted(school.id, p)} group by u.bot_id)
      select t.*, b.name, b.kind, o.email as owner_email
      from t
      left join bot b on b.id::text = t.bot_id
      left join "user" o on o.id = b.owner_id
      order by t.generations desc, b.name nulls last`,
  );
  return found.map((r) => ({ botId: r.bot_id, name: r.name, kind: r.kind, ownerEmail: r.owner_email, ...countsOf(r) }));
}

/**
 * By class: a student's call belongs to the class its assignment record came through (the record's
 * roster entry), so a student in two classes counts once, in the class of the assignment they used.
 * Calls with no such record (teachers' own runs, a deleted class) make the null row.
 */
export async function classesOf(db: Db, school: DashboardSchool, p: Period): Promise<ClassUsage[]> {
  const found = await rows<
    SumRow & { class_id: string | null; name: string | null; section: string | null; owner_email: string | null; students: string }
  >(
    db,
    sql`with t as (
        select re.class_id, ${sums}, count(distinct u.user_id) filter (where u.user_id <> u.pool_owner_id) as students
        from ai_usage u
        left join student_assignment sa on u.user_id <> u.pool_owner_id and sa.conversation_id = u.conversation_id
        left join roster_entry re on re.id = sa.roster_entry_id
        where ${counted(school.id, p)}
        group by re.class_id
      )
      select t.*, k.name, k.section, o.email as owner_email
      from t
      left join teacher_class k on k.id = t.class_id
      left join "user" o on o.id = k.owner_id
      order by (t.class_id is null), t.generations desc, k.name`,
  );
  return found.map((r) => ({
    classId: r.class_id,
    name: r.name,
    section: r.section,
    ownerEmail: r.owner_email,
    students: Number(r.students),
    ...countsOf(r),
  }));
}

async function activityOf(db: Db, school: DashboardSchool, p: Period) {
  const [row] = await rows<{ teachers: string; students: string }>(
    db,
    sql`select count(distinct u.pool_owner_id) as teachers,
        count(distinct u.user_id) filter (where u.user_id <> u.pool_owner_id) as students
      from ai_usage u where ${counted(school.id, p)}`,
  );
  return { activeTeachers: Number(row?.teachers ?? 0), activeStudents: Number(row?.students ?? 0) };
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

/** One table of the dashboard, for its CSV export: only that table's statement runs. */
export async function dashboardTableOf(db: Db, school: DashboardSchool, p: Period, table: DashboardTable): Promise<Partial<Dashboard>> {
  switch (table) {
    case 'daily':
      return { daily: await dailyOf(db, school, p) };
    case 'teachers':
      return { teachers: await teachersOf(db, school, p) };
    case 'buildings':
      return { buildings: buildingsOf(await teachersOf(db, school, p)) };
    case 'bots':
      return { bots: await botsOf(db, school, p) };
    case 'classes':
      return { classes: await classesOf(db, school, p) };
  }
}

export async function schoolDashboard(db: Db, school: DashboardSchool, p: Period, now = new Date()): Promise<Dashboard> {
  const daily = await dailyOf(db, school, p);
  const teachers = await teachersOf(db, school, p);
  const bots = await botsOf(db, school, p);
  const classes = await classesOf(db, school, p);
  const activity = await activityOf(db, school, p);
  const flags = await flagsOf(db, school, p);
  return {
    school: { id: school.id, name: school.schoolname, expiration: school.expiration, daysLeft: daysLeft(school.expiration, now) },
    from: p.from,
    to: p.to,
    totals: { ...daily.reduce(add, zero()), ...activity },
    flags,
    daily,
    teachers,
    buildings: buildingsOf(teachers),
    bots,
    classes,
  };
}
