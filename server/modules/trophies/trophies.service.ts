import type { z } from 'zod';
import type { awardTrophyInput, MyTrophies, RecordTrophies, Trophy } from '../../../contract/trophies';
import type { Db, Tx } from '../../db/client';
import { publish } from '../../core/live';
import { recordNotFound, type AssignmentActor } from '../assignments';
import { assertMayTakeBack, trophyNotFound } from './trophies.policy';
import { presentTrophy } from './trophies.presenter';
import * as store from './trophies.store';

/**
 * Trophies (issue 16, item 1): the teacher's awards and the automatic rules' on a student's
 * assignment record, and the student's own chart. Every change tells the teacher's table (the
 * assignment's live event) and the student's open pages ({ type: 'trophies' }) once committed.
 */

/** Tells the teacher's pages and the record's student that its trophies changed (sent on commit). */
async function announce(tx: Tx, record: { id: string; assignmentId: string; ownerId: string }): Promise<void> {
  await publish(tx, record.ownerId, { type: 'assignment.updated', assignmentId: record.assignmentId, studentAssignmentId: record.id });
  for (const studentId of await store.studentsOfRecord(tx, record.id)) await publish(tx, studentId, { type: 'trophies' });
}

/** GET /api/assignments/:id/students/:recordId/trophies: newest first. */
export async function listRecordTrophies(db: Db, actor: AssignmentActor, assignmentId: string, recordId: string): Promise<RecordTrophies> {
  const record = await store.ownRecord(db, actor, assignmentId, recordId);
  if (!record) throw recordNotFound();
  return { trophies: (await store.recordTrophies(db, record.id)).map(presentTrophy) };
}

/** POST .../trophies: the teacher's award with its reason (any number of them). */
export async function awardTrophy(
  db: Db,
  actor: AssignmentActor,
  assignmentId: string,
  recordId: string,
  input: z.output<typeof awardTrophyInput>,
): Promise<Trophy> {
  return db.transaction(async (tx) => {
    const record = await store.ownRecord(tx, actor, assignmentId, recordId);
    if (!record) throw recordNotFound();
    const row = await store.insertAward(tx, record.id, actor.userId, input.reason);
    await announce(tx, record);
    return presentTrophy(row);
  });
}

/**
 * DELETE .../trophies/:trophyId: the teacher takes back one of their own awards; a rule's is a 409.
 * The row is kept, hidden, for the Undo (restoreTrophy).
 */
export async function takeBackTrophy(
  db: Db,
  actor: AssignmentActor,
  assignmentId: string,
  recordId: string,
  trophyId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await store.ownRecord(tx, actor, assignmentId, recordId);
    if (!record) throw recordNotFound();
    const row = await store.ownTrophy(tx, actor, assignmentId, recordId, trophyId);
    if (!row) throw trophyNotFound();
    assertMayTakeBack(row);
    await store.takeBack(tx, row.id);
    await announce(tx, record);
  });
}

/**
 * POST .../trophies/:trophyId/restore: the Undo of a take-back. The same trophy (id, reason, time
 * awarded) is shown again; one not taken back (or not the actor's) is a 404.
 */
export async function restoreTrophy(
  db: Db,
  actor: AssignmentActor,
  assignmentId: string,
  recordId: string,
  trophyId: string,
): Promise<Trophy> {
  return db.transaction(async (tx) => {
    const record = await store.ownRecord(tx, actor, assignmentId, recordId);
    if (!record) throw recordNotFound();
    const row = await store.ownTrophy(tx, actor, assignmentId, recordId, trophyId, true);
    if (!row) throw trophyNotFound();
    await store.bringBack(tx, row.id);
    await announce(tx, record);
    return presentTrophy(row);
  });
}

/** GET /api/my-trophies: the caller's total and their newest trophies (at most TROPHY_ICONS_MAX). */
export async function getMyTrophies(db: Db, userId: string): Promise<MyTrophies> {
  const { total, rows } = await store.myTrophies(db, userId);
  return { total, trophies: rows.map(presentTrophy) };
}

/**
 * The automatic rules after the student's own work changed (a reply to them stored, "I'm done"):
 * one statement that gives what is newly earned and, if anything, sends both live events. The
 * caller is the student acting on their own record; a teacher's preview never comes here.
 */
export async function awardEarnedTrophies(
  db: Db,
  student: { userId: string },
  record: { id: string; assignmentId: string; ownerId: string },
): Promise<number> {
  const events = store.ruleEvents(record.ownerId, record.assignmentId, record.id, student.userId);
  return store.awardByRules(db, student.userId, record.id, events.teacher, events.student);
}
