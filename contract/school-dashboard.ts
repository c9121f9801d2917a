import { z } from 'zod';

/**
 * The school admin's AI usage dashboard (issue 18, item 3): GET /api/school-admin/dashboard?from&to
 * and GET /api/school-admin/dashboard/export/:table?from&to (CSV). Days are calendar days in UTC,
 * `from` and `to` both included.
 *
 * What counts (the numbers equal the metered calls exactly, one ai_usage row each):
 * - a generation: a text call that reached the model and was not an error (outcome ok, interrupted
 *   or blocked): exactly the calls that count against a quota. Failed calls, calls still running
 *   and the safety checks on student messages (moderation) are not generations.
 * - images: the images made by image calls that did not fail.
 * - tokens: the input and output tokens of those generations and image calls.
 */

/** The longest period the dashboard answers for, in days (a school year and a bit). */
export const DASHBOARD_MAX_DAYS = 400;
/** The period shown when none is asked for: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-09-01')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'is not a real date');

const dayMs = 86_400_000;
/** Days from `from` to `to`, both included. */
export const daysInPeriod = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/** The query of both endpoints; both dates or neither (then the last 30 days). */
export const dashboardQuery = z.strictObject({ from: isoDay.optional(), to: isoDay.optional() }).superRefine((q, ctx) => {
  if ((q.from === undefined) !== (q.to === undefined)) {
    ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: 'give both dates, or neither' });
    return;
  }
  if (q.from && q.to) {
    const days = daysInPeriod(q.from, q.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after the start date' });
    else if (days > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the period can be at most ${DASHBOARD_MAX_DAYS} days` });
  }
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardTables = ['daily', 'teachers', 'buildings', 'bots', 'classes'] as const;
export const dashboardTable = z.enum(dashboardTables);
export type DashboardTable = z.infer<typeof dashboardTable>;

/** The counted usage of one row of a table, or of the whole period. */
export const usageCounts = z.object({
  generations: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  images: z.number().int(),
});
export type UsageCounts = z.infer<typeof usageCounts>;

export const dailyUsage = usageCounts.extend({ day: z.string() });
export type DailyUsage = z.infer<typeof dailyUsage>;

/** By teacher: whose quota pool the calls used (their own calls and their students'). */
export const teacherUsage = usageCounts.extend({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  /** From the licence's teachers list; null when not on it or no building given. */
  building: z.string().nullable(),
  /** Of the calls, those made by the teacher's students. */
  studentGenerations: z.number().int(),
});
export type TeacherUsage = z.infer<typeof teacherUsage>;

export const buildingUsage = usageCounts.extend({
  /** Null: teachers with no building on the teachers list. */
  building: z.string().nullable(),
  teachers: z.number().int(),
});
export type BuildingUsage = z.infer<typeof buildingUsage>;

export const botUsage = usageCounts.extend({
  /** Null: the teacher assistant and image requests made without a bot. */
  botId: z.string().nullable(),
  name: z.string().nullable(),
  kind: z.string().nullable(),
  ownerEmail: z.string().nullable(),
});
export type BotUsage = z.infer<typeof botUsage>;

/**
 * By class: a student's call counts once, in the class its assignment record came through (the
 * roster entry it was made from) when the call was made, even when the student is in several
 * classes; it stays there when the transcript or the record goes. Null: calls from no class
 * (teachers' own runs) and the calls of a class since deleted.
 */
export const classUsage = usageCounts.extend({
  classId: z.string().nullable(),
  name: z.string().nullable(),
  section: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  students: z.number().int(),
});
export type ClassUsage = z.infer<typeof classUsage>;

export const dashboard = z.object({
  school: z.object({ id: z.string(), name: z.string(), expiration: z.string().nullable(), daysLeft: z.number().int().nullable() }),
  from: z.string(),
  to: z.string(),
  totals: usageCounts.extend({
    /** Teachers whose quota pool was used in the period (by them or their students). */
    activeTeachers: z.number().int(),
    /** Students who made at least one counted call in the period. */
    activeStudents: z.number().int(),
  }),
  /** Safety flags raised in the period on the school's teachers' students, by severity. */
  flags: z.object({ low: z.number().int(), medium: z.number().int(), high: z.number().int() }),
  daily: z.array(dailyUsage),
  /** The DASHBOARD_TABLE_ROWS teachers with the most generations (ties at the cut by id). */
  teachers: z.array(teacherUsage),
  buildings: z.array(buildingUsage),
  bots: z.array(botUsage),
  /** The DASHBOARD_TABLE_ROWS classes with the most generations, and the "Not from a class" row. */
  classes: z.array(classUsage),
  /** How many rows each table has in all (the CSV export has every one). */
  tableRows: z.object({ teachers: z.number().int(), buildings: z.number().int(), bots: z.number().int(), classes: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboard>;

/**
 * The most rows a table of the dashboard's page carries (decision 279): the ones with the most
 * generations. A school of a few hundred teachers sees them all; a district-sized one the busiest,
 * with the whole table in its CSV export.
 */
export const DASHBOARD_TABLE_ROWS = 100;

/** The licence's expiration notice shows from this many days before. */
export const EXPIRY_NOTICE_DAYS = 30;
