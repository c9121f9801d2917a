import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AssignmentDetail,
  AssignmentSummary,
  createAssignmentInput,
  StudentRecord,
  updateAssignmentInput,
  updateRecordInput,
} from '../../../contract/assignments';
import { schema, type Db, type Tx } from '../../db/client';
import { invalidFields, conflict } from '../../lib/errors';
import { publish } from '../../core/live';
import { visibleTo } from '../bots';
import { copyBot } from '../bots';
import { assignmentNotFound, ownAssignment, recordNotFound, type AssignmentActor, type AssignmentTeacher } from './assignments.policy';
import type { AssignmentRow } from './assignments.presenter';
import { detailOf, findRecord, ownAssignmentRow, summariesOf } from './assignments.read';
import { fillFromClasses, insertAssignmentClasses, insertRecords, resolveTargets } from './assignments.records';
import { message } from '../../lib/message';

/**
 * The teacher's writes. Each runs in one transaction that also publishes the live event, so the
 * teacher's other open pages hear of a change only once it is committed. Writes that touch the
 * assignment as a whole publish one event with the assignment's id as `studentAssignmentId` (the
 * page refetches the whole table anyway); a write to one record names that record.
 */

const a = schema.assignment;
const sa = schema.studentAssignment;
const b = schema.bot;

/** Tells the teacher's pages that the assignment (as a whole) changed. */
const publishAssignment = (tx: Db, ownerId: string, id: string) =>
  publish(tx, ownerId, { type: 'assignment.updated', assignmentId: id, studentAssignmentId: id });

const staleAssignment = () => conflict(message('assignmentChanged'));

const staleRecord = () => conflict(message('studentWorkChanged'));

/**
 * The TutorBot the assignment will use, as one of the teacher's own: their own TutorBot as it is,
 * or a TutorBot they may see in the library (a built-in template, a public one, one shared with
 * their school) copied to them first under its own name. Anything else is a 422 on `botId`.
 */
async function assignableBot(tx: Db, actor: AssignmentTeacher, botId: string): Promise<string> {
  const botActor = { userId: actor.userId, schoolId: actor.schoolId };
  const [row] = await tx
    .select()
    .from(b)
    .where(and(eq(b.id, botId.toLowerCase()), visibleTo(botActor)));
  if (!row) throw invalidFields({ botId: message('chooseTutorBot') });
  if (row.kind !== 'TutorBot') throw invalidFields({ botId: message('assignmentsUseTutorBot') });
  if (row.ownerId === actor.userId) return row.id;
  // Students meet the bot by its name, so the copy keeps it (the library's Copy would add " (copy)").
  const copy = await copyBot(tx, botActor, row.id, { name: row.name, collectionId: null });
  return copy.id;
}

/** POST /api/assignments: the assignment, its classes and one record per student, in one transaction. */
export async function createAssignment(
  db: Db,
  actor: AssignmentTeacher,
  input: z.output<typeof createAssignmentInput>,
): Promise<{ assignment: AssignmentDetail; created: boolean }> {
  return db.transaction(async (tx) => {
    const earlier = await byIdempotencyKey(tx, actor, input.idempotencyKey);
    if (earlier) return earlier;
    const targets = await resolveTargets(tx, actor, input.classIds, input.studentIds);
    const botId = await assignableBot(tx, actor, input.botId);
    const [row] = await tx
      .insert(a)
      .values({
        ownerId: actor.userId,
        botId,
        title: input.title,
        instructions: input.instructions,
        dueAt: input.dueAt === null ? null : new Date(input.dueAt),
        messageBudget: input.messageBudget,
        responseLanguage: input.responseLanguage,
        ...(input.trophyRules ? { trophyRules: input.trophyRules } : {}),
        idempotencyKey: input.idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: [a.ownerId, a.idempotencyKey] })
      .returning();
    if (!row) {
      // A double submit that raced this one and committed first: its assignment.
      const other = await byIdempotencyKey(tx, actor, input.idempotencyKey);
      if (other) return other;
      throw conflict(message('assignmentBeingCreated'));
    }
    await insertAssignmentClasses(tx, row.id, targets.classIds);
    await insertRecords(tx, row.id, targets.students);
    await publishAssignment(tx, actor.userId, row.id);
    return { assignment: await detailOf(tx, row), created: true };
  });
}

/** The assignment an earlier create with this key made (`created` false), or undefined. A deleted one is a 409. */
async function byIdempotencyKey(tx: Tx, actor: AssignmentActor, key: string | undefined) {
  if (key === undefined) return undefined;
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.ownerId, actor.userId), eq(a.idempotencyKey, key)));
  if (!row) return undefined;
  if (row.deletedAt) throw conflict(message('assignmentDeleted'));
  return { assignment: await detailOf(tx, row), created: false };
}

/** PATCH /api/assignments/:id: edits against the version the teacher saw; adds classes and students, never removes. */
export async function updateAssignment(
  db: Db,
  actor: AssignmentActor,
  id: string,
  input: z.output<typeof updateAssignmentInput>,
): Promise<AssignmentDetail> {
  return db.transaction(async (tx) => {
    const current = await ownAssignmentRow(tx, actor, id, true);
    if (current.version !== input.version) throw staleAssignment();
    const targets = await resolveTargets(tx, actor, input.addClassIds ?? [], input.addStudentIds ?? [], id);
    const [row] = await tx
      .update(a)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
        ...(input.dueAt !== undefined ? { dueAt: input.dueAt === null ? null : new Date(input.dueAt) } : {}),
        ...(input.messageBudget !== undefined ? { messageBudget: input.messageBudget } : {}),
        ...(input.responseLanguage !== undefined ? { responseLanguage: input.responseLanguage } : {}),
        ...(input.trophyRules !== undefined ? { trophyRules: input.trophyRules } : {}),
        version: sql`${a.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(ownAssignment(actor, id), eq(a.version, input.version)))
      .returning();
    if (!row) throw staleAssignment();
    await insertAssignmentClasses(tx, id, targets.classIds);
    await insertRecords(tx, id, targets.students);
    await publishAssignment(tx, actor.userId, id);
    return detailOf(tx, row);
  });
}

/**
 * POST /api/assignments/:id/close and /reopen. Not an edit: the version stays, so an edit open in
 * another tab still saves. Closing twice keeps the first closing time. Reopening gives records to
 * class students who joined while it was closed.
 */
export async function setOpen(db: Db, actor: AssignmentActor, id: string, open: boolean): Promise<AssignmentDetail> {
  return db.transaction(async (tx) => {
    const current = await ownAssignmentRow(tx, actor, id, true);
    let row: AssignmentRow = current;
    if (open === (current.closedAt !== null)) {
      [row] = (await tx
        .update(a)
        .set({ closedAt: open ? null : new Date(), updatedAt: new Date() })
        .where(ownAssignment(actor, id))
        .returning()) as [AssignmentRow];
      if (open) await fillFromClasses(tx, id);
      await publishAssignment(tx, actor.userId, id);
    }
    return detailOf(tx, row);
  });
}

/**
 * DELETE /api/assignments/:id: hides it from everyone at once (students lose it on their next
 * request); Undo is POST /restore. Answers the summary as it was, for the page's Undo message.
 */
export async function deleteAssignment(db: Db, actor: AssignmentActor, id: string): Promise<AssignmentSummary> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(a).set({ deletedAt: new Date() }).where(ownAssignment(actor, id)).returning();
    if (!row) throw assignmentNotFound();
    await publishAssignment(tx, actor.userId, id);
    const [summary] = await summariesOf(tx, [row]);
    return summary!;
  });
}

/**
 * POST /api/assignments/:id/restore: the Undo of Delete, by its owner only. Restoring one that is
 * not deleted changes nothing. An open one gives records to class students who joined meanwhile.
 */
export async function restoreAssignment(db: Db, actor: AssignmentActor, id: string): Promise<AssignmentDetail> {
  return db.transaction(async (tx) => {
    const [restored] = await tx
      .update(a)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(and(eq(a.ownerId, actor.userId), eq(a.id, id), isNotNull(a.deletedAt)))
      .returning();
    if (!restored) return detailOf(tx, await ownAssignmentRow(tx, actor, id));
    if (restored.closedAt === null) await fillFromClasses(tx, id);
    await publishAssignment(tx, actor.userId, id);
    return detailOf(tx, restored);
  });
}

/**
 * PATCH /api/assignments/:id/students/:recordId: feedback (empty clears it), mark completed, or hand
 * back so the student can continue (submitted and completed times cleared; a record never started
 * goes back to assigned), against the record's version.
 */
export async function updateRecord(
  db: Db,
  actor: AssignmentActor,
  assignmentId: string,
  recordId: string,
  input: z.output<typeof updateRecordInput>,
): Promise<StudentRecord> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ record: sa })
      .from(sa)
      .innerJoin(a, eq(a.id, sa.assignmentId))
      .where(and(ownAssignment(actor, assignmentId), eq(sa.id, recordId)))
      .for('update', { of: sa });
    if (!current) throw recordNotFound();
    const rec = current.record;
    if (rec.version !== input.version) throw staleRecord();
    const now = new Date();
    const status =
      input.status === 'completed'
        ? { status: 'completed' as const, completedAt: rec.completedAt ?? now }
        : input.status === 'in_progress'
          ? { status: rec.startedAt ? ('in_progress' as const) : ('assigned' as const), submittedAt: null, completedAt: null }
          : {};
    // Saving the same words again keeps the time they were first given.
    const feedback =
      input.feedback !== undefined && input.feedback !== rec.feedback
        ? { feedback: input.feedback, feedbackAt: input.feedback ? now : null }
        : {};
    const [row] = await tx
      .update(sa)
      .set({ ...status, ...feedback, version: sql`${sa.version} + 1`, updatedAt: now })
      .where(and(eq(sa.id, recordId), eq(sa.version, input.version)))
      .returning({ id: sa.id });
    if (!row) throw staleRecord();
    await publish(tx, actor.userId, { type: 'assignment.updated', assignmentId, studentAssignmentId: recordId });
    return (await findRecord(tx, actor, assignmentId, recordId))!;
  });
}
