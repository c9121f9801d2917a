import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { schema, type Db } from '../../db/client';
import { invalidFields } from '../../lib/errors';
import type { FieldProblems } from '../../lib/errors';
import { publish } from '../../core/live';
import type { AssignmentActor } from './assignments.policy';
import { message } from '../../lib/message';

/**
 * Who an assignment is given to: whole classes (their current students, and students who join
 * while it is open) and single roster entries. One record per address: a student on two of the
 * classes, or named both ways, gets one record (the unique index on assignment and e-mail, with
 * ON CONFLICT DO NOTHING, keeps it so under concurrent adds too).
 */

const sa = schema.studentAssignment;
const ac = schema.assignmentClass;
const a = schema.assignment;
const k = schema.teacherClass;
const r = schema.rosterEntry;

/** A roster entry a record is made from. */
export interface RosterStudent {
  id: string;
  email: string;
  name: string;
}

export interface Targets {
  classIds: string[];
  students: RosterStudent[];
}

const distinct = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** Current entries of these classes, class by class in the order given, by name within a class. */
async function currentStudentsOf(db: Db, classIds: string[]): Promise<RosterStudent[]> {
  if (!classIds.length) return [];
  const rows = await db
    .select({ id: r.id, email: r.email, name: r.name, classId: r.classId })
    .from(r)
    .where(and(inArray(r.classId, classIds), isNull(r.removedAt)))
    .orderBy(asc(r.name), asc(r.email), asc(r.id));
  const position = new Map(classIds.map((id, i) => [id, i]));
  return rows.sort((x, y) => position.get(x.classId)! - position.get(y.classId)!).map(({ id, email, name }) => ({ id, email, name }));
}

/**
 * The classes and single students a create or edit names, checked against the actor's own: a class
 * that is not theirs, or an entry that is not a current one of their classes, is a 422 naming the
 * field (ids in a body are input; only ids in the URL answer 404). An edit (`assignmentId`) leaves
 * out the classes the assignment already has: their students have records, and joiners get theirs
 * through the hook below, so they are neither read nor locked again.
 */
export async function resolveTargets(
  db: Db,
  actor: AssignmentActor,
  classIds: readonly string[],
  studentIds: readonly string[],
  assignmentId?: string,
): Promise<Targets> {
  let wantedClasses = distinct(classIds);
  const wantedEntries = distinct(studentIds);
  if (assignmentId && wantedClasses.length) {
    const given = await db
      .select({ classId: ac.classId })
      .from(ac)
      .where(and(eq(ac.assignmentId, assignmentId), inArray(ac.classId, wantedClasses)));
    const known = new Set(given.map((g) => g.classId));
    wantedClasses = wantedClasses.filter((id) => !known.has(id));
  }
  const fields: FieldProblems = {};
  if (wantedClasses.length) {
    // Shared locks, so a student joining one of the classes meanwhile waits for this assignment
    // (and then gets a record through the hook below) instead of slipping between the two.
    const own = await db
      .select({ id: k.id })
      .from(k)
      .where(and(eq(k.ownerId, actor.userId), inArray(k.id, wantedClasses)))
      .orderBy(asc(k.id))
      .for('share');
    if (own.length !== wantedClasses.length) fields.classIds = message('chooseOwnClasses');
  }
  let singles: RosterStudent[] = [];
  if (wantedEntries.length) {
    singles = await db
      .select({ id: r.id, email: r.email, name: r.name })
      .from(r)
      .innerJoin(k, eq(k.id, r.classId))
      .where(and(eq(k.ownerId, actor.userId), inArray(r.id, wantedEntries), isNull(r.removedAt)));
    if (singles.length !== wantedEntries.length) fields.studentIds = message('chooseCurrentStudents');
    const order = new Map(wantedEntries.map((id, i) => [id, i]));
    singles.sort((x, y) => order.get(x.id)! - order.get(y.id)!);
  }
  if (Object.keys(fields).length) throw invalidFields(fields);
  return { classIds: wantedClasses, students: [...(await currentStudentsOf(db, wantedClasses)), ...singles] };
}

const INSERT_CHUNK = 1000;

/** Makes the records these students lack (the first entry of an address wins); answers the new records' ids. */
export async function insertRecords(tx: Db, assignmentId: string, students: RosterStudent[]): Promise<string[]> {
  const seen = new Set<string>();
  const values = [];
  for (const s of students) {
    if (seen.has(s.email)) continue;
    seen.add(s.email);
    values.push({ assignmentId, email: s.email, name: s.name, rosterEntryId: s.id });
  }
  const ids: string[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const rows = await tx
      .insert(sa)
      .values(values.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing({ target: [sa.assignmentId, sa.email] })
      .returning({ id: sa.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Records the whole classes an assignment is given to (already checked as the teacher's). */
export async function insertAssignmentClasses(tx: Db, assignmentId: string, classIds: string[]): Promise<void> {
  if (!classIds.length) return;
  await tx
    .insert(ac)
    .values(classIds.map((classId) => ({ assignmentId, classId })))
    .onConflictDoNothing();
}

/**
 * Gives records to the current students of an assignment's classes who have none: students who
 * joined while it was closed or deleted, when it opens again or comes back.
 */
export async function fillFromClasses(tx: Db, assignmentId: string): Promise<string[]> {
  const classes = await tx
    .select({ classId: ac.classId })
    .from(ac)
    .innerJoin(k, eq(k.id, ac.classId))
    .where(eq(ac.assignmentId, assignmentId))
    .orderBy(asc(k.id))
    .for('share', { of: k });
  return insertRecords(
    tx,
    assignmentId,
    await currentStudentsOf(
      tx,
      classes.map((c) => c.classId),
    ),
  );
}

/**
 * The classes module's hook: students were just added to a class (by the teacher, an import or a
 * join code), inside `tx`. Every open (not closed, not deleted) assignment given to that whole class
 * gets records for their addresses in the same transaction, and the teacher's pages hear of it:
 * one live event per assignment, with the assignment's id as the record id (a bulk change).
 */
export async function addClassStudentsToOpenAssignments(tx: Db, classId: string, entries: RosterStudent[]): Promise<void> {
  if (!entries.length) return;
  // Waits for an assignment being given to this class right now (it holds the class row shared),
  // so its students are either read by that assignment or given records here, never neither.
  await tx.select({ id: k.id }).from(k).where(eq(k.id, classId)).for('update');
  const open = await tx
    .select({ id: a.id, ownerId: a.ownerId })
    .from(ac)
    .innerJoin(a, eq(a.id, ac.assignmentId))
    .where(and(eq(ac.classId, classId), isNull(a.closedAt), isNull(a.deletedAt)));
  for (const assignment of open) {
    const made = await insertRecords(tx, assignment.id, entries);
    if (made.length)
      await publish(tx, assignment.ownerId, {
        type: 'assignment.updated',
        assignmentId: assignment.id,
        studentAssignmentId: assignment.id,
      });
  }
}

/**
 * Gives one of the owner's assignments to one of the owner's classes, as an edit adding the class
 * does (an LMS course's deep link): the class is recorded and its current students get records.
 * False when the assignment or the class is not the owner's (or the assignment is deleted).
 */
export async function giveAssignmentToClass(tx: Db, ownerId: string, assignmentId: string, classId: string): Promise<boolean> {
  const [cls] = await tx
    .select({ id: k.id })
    .from(k)
    .where(and(eq(k.id, classId), eq(k.ownerId, ownerId)))
    .for('share');
  const [own] = await tx
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.id, assignmentId), eq(a.ownerId, ownerId), isNull(a.deletedAt)));
  if (!cls || !own) return false;
  await insertAssignmentClasses(tx, assignmentId, [classId]);
  const made = await insertRecords(tx, assignmentId, await currentStudentsOf(tx, [classId]));
  if (made.length) await publish(tx, ownerId, { type: 'assignment.updated', assignmentId, studentAssignmentId: assignmentId });
  return true;
}
