import { csvResponse } from '../../lib/csv';
import { asciiSlug } from '../../lib/file-names';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AssignmentDetail, AssignmentList, AssignmentSummary, StatusCounts, StudentRecord } from '../../../contract/assignments';
import { schema, type Db } from '../../db/client';
import { assignmentNotFound, ownAssignment, type AssignmentActor } from './assignments.policy';
import {
  classLabel,
  emptyCounts,
  presentRecord,
  presentSummary,
  type AssignmentRow,
  type RecordFacts,
  type RecordRow,
} from './assignments.presenter';

/**
 * The teacher side's reads: the list, one assignment with its table, and the facts each table row
 * shows besides its own columns. Callers scope by owner first (`ownAssignment`); these only read.
 */

const a = schema.assignment;
const sa = schema.studentAssignment;
const ac = schema.assignmentClass;
const k = schema.teacherClass;
const f = schema.safetyFlag;
const t = schema.trophy;

/** The roster entry a record came through and its class (left joined: both may be gone). */
const viaEntry = alias(schema.rosterEntry, 'via_entry');
const viaClass = alias(schema.teacherClass, 'via_class');

/**
 * Per record (selected from `student_assignment` joined with `assignment`): whether a current
 * roster entry of the assigning teacher's still names the address, whether the conversation has a
 * visible turn, and how many safety flags and trophies it carries.
 */
const factColumns = {
  viaClassName: viaClass.name,
  viaClassSection: viaClass.section,
  onRoster: sql<boolean>`exists (select 1 from ${schema.rosterEntry} r2 join ${schema.teacherClass} c2 on c2.id = r2.class_id
    where c2.owner_id = ${a.ownerId} and r2.email = ${sa.email} and r2.removed_at is null)`,
  hasTranscript: sql<boolean>`exists (select 1 from ${schema.aiMessage} m2
    where m2.conversation_id = ${sa.conversationId} and m2.status <> 'superseded')`,
  // Unreviewed flags: the ones that still ask the teacher to act.
  flags: sql<number>`(select count(*) from ${f} f2 where f2.student_assignment_id = ${sa.id} and f2.reviewed_at is null)`.mapWith(Number),
  // Trophies still held: one taken back (Undo) no longer counts.
  trophies: sql<number>`(select count(*) from ${t} t2
    where t2.student_assignment_id = ${sa.id} and t2.taken_back_at is null)`.mapWith(Number),
};

type FactRow = {
  record: RecordRow;
  viaClassName: string | null;
  viaClassSection: string | null;
  onRoster: boolean;
  hasTranscript: boolean;
  flags: number;
  trophies: number;
};

function factsOf(row: FactRow): RecordFacts {
  return {
    className: row.viaClassName === null ? null : classLabel({ name: row.viaClassName, section: row.viaClassSection }),
    onRoster: Boolean(row.onRoster),
    hasTranscript: Boolean(row.hasTranscript),
    flags: Number(row.flags),
    trophies: Number(row.trophies),
  };
}

/** Records with their facts and their assignment's due date, where `where` says (over `assignment` and `student_assignment`). */
export async function recordsWhere(db: Db, where: SQL, order: SQL[] = [asc(sa.name), asc(sa.email), asc(sa.id)]) {
  const rows = await db
    .select({ record: sa, dueAt: a.dueAt, assignment: a, ...factColumns })
    .from(sa)
    .innerJoin(a, eq(a.id, sa.assignmentId))
    .leftJoin(viaEntry, eq(viaEntry.id, sa.rosterEntryId))
    .leftJoin(viaClass, eq(viaClass.id, viaEntry.classId))
    .where(where)
    .orderBy(...order);
  const now = new Date();
  return rows.map((row) => ({
    row: row.record,
    assignment: row.assignment,
    record: presentRecord(row.record, factsOf(row), row.dueAt, now),
  }));
}

/** One record of one of the actor's assignments, presented, or undefined. */
export async function findRecord(
  db: Db,
  actor: AssignmentActor,
  assignmentId: string,
  recordId: string,
): Promise<StudentRecord | undefined> {
  const [found] = await recordsWhere(db, and(ownAssignment(actor, assignmentId), eq(sa.id, recordId))!);
  return found?.record;
}

/** Summaries of these assignment rows (their bots, classes, status counts and flags), in the rows' order. */
export async function summariesOf(db: Db, rows: AssignmentRow[]): Promise<AssignmentSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [bots, classes, counts, flags] = await Promise.all([
    db
      .select({
        id: schema.bot.id,
        name: schema.bot.name,
        icon: schema.bot.icon,
        iconFileId: schema.bot.iconFileId,
        kind: schema.bot.kind,
        deletedAt: schema.bot.deletedAt,
      })
      .from(schema.bot)
      .where(inArray(schema.bot.id, [...new Set(rows.map((r) => r.botId))])),
    db
      .select({ assignmentId: ac.assignmentId, id: k.id, name: k.name, section: k.section })
      .from(ac)
      .innerJoin(k, eq(k.id, ac.classId))
      .where(inArray(ac.assignmentId, ids))
      .orderBy(asc(k.name), asc(k.section), asc(k.id)),
    db
      .select({ assignmentId: sa.assignmentId, status: sa.status, n: count() })
      .from(sa)
      .where(inArray(sa.assignmentId, ids))
      .groupBy(sa.assignmentId, sa.status),
    db
      .select({ assignmentId: sa.assignmentId, n: count() })
      .from(f)
      .innerJoin(sa, eq(sa.id, f.studentAssignmentId))
      .where(and(inArray(sa.assignmentId, ids), isNull(f.reviewedAt)))
      .groupBy(sa.assignmentId),
  ]);
  const botById = new Map(bots.map((b) => [b.id, b]));
  const countsById = new Map<string, StatusCounts>();
  for (const c of counts) {
    const entry = countsById.get(c.assignmentId) ?? emptyCounts();
    entry[c.status] += Number(c.n);
    entry.total += Number(c.n);
    countsById.set(c.assignmentId, entry);
  }
  const flagsById = new Map(flags.map((x) => [x.assignmentId, Number(x.n)]));
  return rows.map((row) =>
    presentSummary(
      row,
      // The foreign key cascades, so an assignment's bot row always exists (deleted or not).
      botById.get(row.botId)!,
      classes.filter((c) => c.assignmentId === row.id),
      countsById.get(row.id) ?? emptyCounts(),
      flagsById.get(row.id) ?? 0,
    ),
  );
}

/** The assignment with its table, students by name. */
export async function detailOf(db: Db, row: AssignmentRow): Promise<AssignmentDetail> {
  const [[summary], records] = await Promise.all([summariesOf(db, [row]), recordsWhere(db, eq(sa.assignmentId, row.id))]);
  return { ...summary!, students: records.map((r) => r.record) };
}

/** GET /api/assignments: the teacher's own, not deleted, newest first. */
export async function listAssignments(db: Db, actor: AssignmentActor): Promise<AssignmentList> {
  const rows = await db
    .select()
    .from(a)
    .where(and(eq(a.ownerId, actor.userId), sql`${a.deletedAt} is null`))
    .orderBy(desc(a.createdAt), desc(a.id));
  return { assignments: await summariesOf(db, rows) };
}

/**
 * The actor's own assignment row (not deleted), or the one 404. `lock` holds it FOR NO KEY UPDATE:
 * enough to queue concurrent edits, while a student joining one of its classes meanwhile may still
 * insert their record (the foreign key's KEY SHARE, which FOR UPDATE would block: a deadlock with
 * the class lock the edit then waits for).
 */
export async function ownAssignmentRow(db: Db, actor: AssignmentActor, id: string, lock = false): Promise<AssignmentRow> {
  const query = db.select().from(a).where(ownAssignment(actor, id));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw assignmentNotFound();
  return row;
}

/** GET /api/assignments/:id. */
export async function getAssignment(db: Db, actor: AssignmentActor, id: string): Promise<AssignmentDetail> {
  return detailOf(db, await ownAssignmentRow(db, actor, id));
}

/**
 * GET /api/assignments/:id/progress.csv: the assignment's table as a spreadsheet (issue 39, item
 * 23), one row a student, in the table's order. Column names are fixed (snake_case), so a
 * spreadsheet built on them keeps working whatever the teacher's language.
 */
export async function progressCsv(db: Db, actor: AssignmentActor, id: string): Promise<Response> {
  const detail = await getAssignment(db, actor, id);
  const header = [
    'name',
    'email',
    'class',
    'status',
    'late',
    'messages',
    'minutes',
    'started_at',
    'last_active_at',
    'submitted_at',
    'completed_at',
    'flags',
    'trophies',
    'feedback',
  ];
  const rows = detail.students.map((s) => [
    s.name,
    s.email,
    s.className,
    s.status,
    s.late ? 'yes' : 'no',
    s.messageCount,
    Math.round(s.timeSpentSeconds / 60),
    s.startedAt,
    s.lastActiveAt,
    s.submittedAt,
    s.completedAt,
    s.flags,
    s.trophies,
    s.feedback,
  ]);
  return csvResponse(`progress-${asciiSlug(detail.title).toLowerCase() || 'assignment'}.csv`, [header, ...rows], { bom: true });
}
