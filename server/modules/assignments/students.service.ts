import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { StudentPage } from '../../../contract/assignments';
import { schema, type Db } from '../../db/client';
import { studentNotFound, type AssignmentActor } from './assignments.policy';
import { presentClassRef } from './assignments.presenter';
import { recordsWhere } from './assignments.read';
import { shownLinked } from '../classes';

const a = schema.assignment;
const sa = schema.studentAssignment;
const k = schema.teacherClass;
const r = schema.rosterEntry;

/**
 * GET /api/students/:entryId: one student of the teacher's rosters, by a roster entry of one of
 * their classes (current or removed): the classes that list the address now, and the records it has
 * on the teacher's assignments (not deleted), newest assignment first.
 */
export async function getStudentPage(db: Db, actor: AssignmentActor, entryId: string): Promise<StudentPage> {
  const [entry] = await db
    .select({ email: r.email, name: r.name, linked: shownLinked() })
    .from(r)
    .innerJoin(k, eq(k.id, r.classId))
    .where(and(eq(r.id, entryId), eq(k.ownerId, actor.userId)));
  if (!entry) throw studentNotFound();
  const [classes, records] = await Promise.all([
    db
      .select({ entryId: r.id, linked: shownLinked(), id: k.id, name: k.name, section: k.section })
      .from(r)
      .innerJoin(k, eq(k.id, r.classId))
      .where(and(eq(k.ownerId, actor.userId), eq(r.email, entry.email), isNull(r.removedAt)))
      .orderBy(asc(k.name), asc(k.section), asc(k.id)),
    recordsWhere(db, and(eq(a.ownerId, actor.userId), isNull(a.deletedAt), eq(sa.email, entry.email))!, [desc(a.createdAt), desc(a.id)]),
  ]);
  let lastActiveAt: string | null = null;
  let messageCount = 0;
  let flags = 0;
  let trophies = 0;
  for (const { record } of records) {
    if (record.lastActiveAt && (!lastActiveAt || record.lastActiveAt > lastActiveAt)) lastActiveAt = record.lastActiveAt;
    messageCount += record.messageCount;
    flags += record.flags;
    trophies += record.trophies;
  }
  return {
    student: {
      email: entry.email,
      name: entry.name,
      linked: Boolean(entry.linked) || classes.some((c) => Boolean(c.linked)),
    },
    classes: classes.map((c) => ({ ...presentClassRef(c), entryId: c.entryId })),
    assignments: records.map(({ assignment, record }) => ({
      assignmentId: assignment.id,
      recordId: record.id,
      title: assignment.title,
      dueAt: assignment.dueAt ? assignment.dueAt.toISOString() : null,
      status: record.status,
      late: record.late,
      lastActiveAt: record.lastActiveAt,
      messageCount: record.messageCount,
      hasTranscript: record.hasTranscript,
      flags: record.flags,
    })),
    lastActiveAt,
    messageCount,
    trophies,
    flags,
  };
}
