import type { PlanSettings } from '../../core/plan';
import { and, eq } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { asciiSlug } from '../../lib/file-names';
import type { StudentDataDeleted, StudentRecordExport } from '../../../contract/records';
import { schema, type Db, type Tx } from '../../db/client';
import { studentNotFound, type AssignmentActor } from '../assignments';
import { recordHtml } from './records.html';
import { presentRecord } from './records.presenter';
import { schoolHolders, type SchoolAdmin } from './records.policy';
import { recordAudit } from '../../core/audit';
import { deleteHeldRows, heldRows, type DeletedCounts } from './records.store';

/**
 * The student's record (issue 16 item 4): export as one zip, and delete, for one teacher (by a
 * roster entry of theirs) or for a school's admin (by address, across the school's teachers).
 */

/** The address of one of the teacher's roster entries (current or removed), or the one 404. */
async function entryEmail(db: Db, actor: AssignmentActor, entryId: string): Promise<string> {
  const [entry] = await db
    .select({ email: schema.rosterEntry.email })
    .from(schema.rosterEntry)
    .innerJoin(schema.teacherClass, eq(schema.teacherClass.id, schema.rosterEntry.classId))
    .where(and(eq(schema.rosterEntry.id, entryId), eq(schema.teacherClass.ownerId, actor.userId)));
  if (!entry) throw studentNotFound();
  return entry.email;
}

async function nameOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, userId));
  return row?.name ?? '';
}

/** GET /api/students/:entryId/export: what this teacher holds of the entry's address. */
export async function exportForTeacher(db: Db, actor: AssignmentActor, entryId: string): Promise<StudentRecordExport> {
  const email = await entryEmail(db, actor, entryId);
  const rows = await heldRows(db, [actor.userId], email);
  return presentRecord(rows, email, { kind: 'teacher', name: await nameOf(db, actor.userId) });
}

/**
 * The audit entry of a deletion: who (the teacher or the school's admin, by id and address), the
 * student's account when there is one, and the counts removed. The student's address and names
 * are not written: the deletion is what makes the school forget them. A deletion that found
 * nothing (a repeat) writes none.
 */
async function auditDeletion(
  tx: Tx,
  who: { kind: 'user' | 'admin'; userId: string; entity: string; entityId: string },
  email: string,
  deleted: DeletedCounts,
): Promise<void> {
  if (deleted.records + deleted.transcripts + deleted.rosterEntries === 0) return;
  const [[acting], [student]] = await Promise.all([
    tx.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, who.userId)),
    tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email)),
  ]);
  await recordAudit(tx, {
    actorKind: who.kind,
    actorUserId: who.userId,
    actorLabel: acting?.email ?? null,
    action: 'student_data.delete',
    subjectUserId: student?.id ?? null,
    entity: who.entity,
    entityId: who.entityId,
    before: { ...deleted },
    after: null,
  });
}

/** DELETE /api/students/:entryId/data: what this teacher holds of the entry's address, with its audit entry. */
export async function deleteForTeacher(db: Db, actor: AssignmentActor, entryId: string): Promise<StudentDataDeleted> {
  const email = await entryEmail(db, actor, entryId);
  return deleteHeldRows(db, [actor.userId], email, (tx, deleted) =>
    auditDeletion(tx, { kind: 'user', userId: actor.userId, entity: 'roster_entry', entityId: entryId }, email, deleted),
  );
}

/** GET /api/school/students/export?email=: what the admin's school's teachers hold of the address. */
export async function exportForSchool(db: Db, admin: SchoolAdmin, email: string, settings: PlanSettings): Promise<StudentRecordExport> {
  const holders = await schoolHolders(db, admin, email, settings);
  const rows = await heldRows(
    db,
    holders.map((h) => h.id),
    email,
  );
  return presentRecord(rows, email, { kind: 'school', name: admin.schoolName });
}

/** DELETE /api/school/students?email=: the same rows, deleted, with its audit entry. */
export async function deleteForSchool(db: Db, admin: SchoolAdmin, email: string, settings: PlanSettings): Promise<StudentDataDeleted> {
  const holders = await schoolHolders(db, admin, email, settings);
  return deleteHeldRows(
    db,
    holders.map((h) => h.id),
    email,
    (tx, deleted) =>
      auditDeletion(tx, { kind: 'admin', userId: admin.userId, entity: 'school_licence', entityId: admin.schoolId }, email, deleted),
  );
}

const slug = asciiSlug;

/**
 * The download: a zip of record.json and record.html. The file is named after the student (the
 * teacher keeps several); names are never logged, since logs carry only the route.
 */
export function recordZipResponse(record: StudentRecordExport): Response {
  const zip = zipSync({
    'record.json': strToU8(`${JSON.stringify(record, null, 2)}\n`),
    'record.html': strToU8(recordHtml(record)),
  });
  const day = record.exportedAt.slice(0, 10);
  const who = record.student.names[0] ?? record.student.email;
  const ascii = `student-record-${slug(who) || 'student'}-${day}.zip`;
  const utf8 = `Student record - ${who.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').slice(0, 80)} - ${day}.zip`;
  return new Response(zip, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`,
      'Cache-Control': 'no-store',
    },
  });
}
