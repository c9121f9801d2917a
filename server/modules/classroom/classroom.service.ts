import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CLASS_NAME_MAX, CLASS_SECTION_MAX, STUDENT_NAME_MAX } from '../../../contract/classes';
import type {
  ClassroomCourseList,
  ClassroomStatus,
  ImportCourseResult,
  postCourseworkInput,
  PostCourseworkResult,
} from '../../../contract/classroom';
import { storedEmail } from '../../../contract/common';
import { schema } from '../../db/client';
import { recordAudit } from '../../core/audit';
import type { AppDeps } from '../../core/context';
import { conflict, invalidFields } from '../../lib/errors';
import { giveAssignmentToClass, ownAssignment } from '../assignments';
import { createClass, getClass, syncClassRoster, type StudentToAdd } from '../classes';
import {
  classroomFailure,
  createCourseWork,
  listStudents,
  listTeachingCourses,
  storable,
  taughtCourse,
  type GoogleStudent,
} from './classroom.google';
import { requireGoogle, type ClassroomActor } from './classroom.policy';
import { tokensOf } from './classroom.tokens';
import { message } from '../../lib/message';

const conn = schema.classroomConnection;
const link = schema.classroomCourse;
const posted = schema.classroomCoursework;

/** A course's name as a class takes it (Classroom allows longer names than a class keeps). */
const courseName = (name: string | undefined, max = CLASS_NAME_MAX) => storable(name, max) || 'Google Classroom course';

export async function classroomStatus(deps: AppDeps, actor: ClassroomActor): Promise<ClassroomStatus> {
  const [row] = await deps.database.db.select({ lostAt: conn.lostAt }).from(conn).where(eq(conn.userId, actor.userId));
  return { available: Boolean(deps.config.google), connection: !row ? 'none' : row.lostAt ? 'lost' : 'connected' };
}

/** Forgets the teacher's tokens and any connect in flight. Imported classes and posted coursework stay. */
export async function disconnect(deps: AppDeps, actor: ClassroomActor): Promise<void> {
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    await tx.delete(conn).where(eq(conn.userId, actor.userId));
    await tx.delete(schema.classroomOauthState).where(eq(schema.classroomOauthState.userId, actor.userId));
  });
}

/** The teacher's active courses where they teach, with the class an earlier import made of each. */
export async function listCourses(deps: AppDeps, actor: ClassroomActor): Promise<ClassroomCourseList> {
  requireGoogle(deps.config);
  const { tokens, lost } = tokensOf(deps, actor.userId);
  let courses;
  try {
    courses = await listTeachingCourses(deps.config, tokens, lost);
  } catch (err) {
    throw classroomFailure(err, message('classroomCoursesRefused'));
  }
  const ids = courses.map((c) => c.id);
  const links = ids.length
    ? await deps.database.db
        .select({ courseId: link.courseId, classId: link.classId })
        .from(link)
        .where(and(eq(link.userId, actor.userId), inArray(link.courseId, ids)))
    : [];
  const classOf = new Map(links.map((l) => [l.courseId, l.classId]));
  return {
    courses: courses.map((c) => ({
      id: c.id,
      name: courseName(c.name, 1_000),
      section: storable(c.section, 1_000) || null,
      classId: classOf.get(c.id) ?? null,
    })),
  };
}

/** The course's students as a roster takes them: those with a usable address, and how many had none. */
function rosterOf(students: GoogleStudent[]): { students: StudentToAdd[]; withoutAddress: number } {
  const out: StudentToAdd[] = [];
  let withoutAddress = 0;
  for (const s of students) {
    const email = storedEmail.safeParse(s.profile?.emailAddress ?? '');
    if (!email.success) {
      withoutAddress++;
      continue;
    }
    out.push({ email: email.data, name: storable(s.profile?.name?.fullName, STUDENT_NAME_MAX) || null });
  }
  return { students: out, withoutAddress };
}

/**
 * Imports a course's students as a class (named after the course, its section as the section), or
 * keeps the class an earlier import made in step: new students added, students who left taken off.
 * Everything in one transaction, audited without the students' addresses.
 */
export async function importCourse(deps: AppDeps, actor: ClassroomActor, courseId: string): Promise<ImportCourseResult> {
  requireGoogle(deps.config);
  const { tokens, lost } = tokensOf(deps, actor.userId);
  let course;
  let students;
  try {
    course = await taughtCourse(deps.config, tokens, lost, courseId);
    students = await listStudents(deps.config, tokens, lost, courseId);
  } catch (err) {
    throw classroomFailure(err, message('classroomStudentsRefused'));
  }
  const roster = rosterOf(students);
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    // Locks the teacher's row: two imports of one course queue, so it never becomes two classes.
    await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, actor.userId)).for('update');
    const [known] = await tx
      .select({ classId: link.classId })
      .from(link)
      .where(and(eq(link.userId, actor.userId), eq(link.courseId, courseId)));
    let classId = known?.classId;
    if (!classId) {
      const made = await createClass(tx, actor, {
        name: courseName(course.name),
        section: storable(course.section, CLASS_SECTION_MAX) || null,
      });
      classId = made.id;
      await tx.insert(link).values({ userId: actor.userId, courseId, classId });
    }
    const synced = await syncClassRoster(tx, actor, classId, roster.students, 'classroom', deps.hooks.rosterEntriesAdded);
    await tx
      .update(link)
      .set({ syncedAt: new Date() })
      .where(and(eq(link.userId, actor.userId), eq(link.courseId, courseId)));
    const result = {
      created: !known,
      added: synced.added.length,
      removed: synced.removed,
      alreadyOnRoster: synced.alreadyOnRoster.length,
      withoutAddress: roster.withoutAddress,
    };
    await recordAudit(tx, {
      actorKind: 'user',
      actorUserId: actor.userId,
      actorLabel: actor.email,
      action: 'classroom_course.import',
      entity: 'teacher_class',
      entityId: classId,
      before: null,
      after: { courseId, ...result },
    });
    return { class: await getClass(tx, actor, classId), ...result };
  });
}

/** A post claimed this long ago and never finished (its process died) may be taken over. */
const CLAIM_MS = 60_000;

/**
 * Posts one of the teacher's assignments to a course as coursework, once: a repeat answers the
 * first post's coursework. The row is claimed before Google is called, so two posts at once make
 * one coursework (the second is told to wait); a failed call gives the claim back. A course
 * imported as a class gets the assignment too, so its students have records the link opens.
 */
export async function postCoursework(
  deps: AppDeps,
  actor: ClassroomActor,
  courseId: string,
  input: z.output<typeof postCourseworkInput>,
): Promise<{ result: PostCourseworkResult; created: boolean }> {
  requireGoogle(deps.config);
  const { db } = deps.database;
  const a = schema.assignment;
  const [own] = await db
    .select({ id: a.id, title: a.title, instructions: a.instructions, closedAt: a.closedAt })
    .from(a)
    .where(ownAssignment(actor, input.assignmentId));
  if (!own) throw invalidFields({ assignmentId: message('chooseYourAssignment') });
  const classIdOf = async () =>
    (
      await db
        .select({ classId: link.classId })
        .from(link)
        .where(and(eq(link.userId, actor.userId), eq(link.courseId, courseId)))
    )[0]?.classId ?? null;
  const here = and(eq(posted.assignmentId, own.id), eq(posted.courseId, courseId));
  const answerPosted = async (row: { courseWorkId: string | null; alternateLink: string | null }) => ({
    result: { courseWorkId: row.courseWorkId!, alternateLink: row.alternateLink, classId: await classIdOf(), alreadyPosted: true },
    created: false,
  });

  const [before] = await db
    .select()
    .from(posted)
    .where(and(here, isNotNull(posted.courseWorkId)));
  if (before) return answerPosted(before);
  if (own.closedAt) throw conflict(message('assignmentClosedForClassroom'));

  const [claim] = await db
    .insert(posted)
    .values({ assignmentId: own.id, courseId, userId: actor.userId })
    .onConflictDoUpdate({
      target: [posted.assignmentId, posted.courseId],
      set: { claimedAt: sql`now()` },
      setWhere: and(isNull(posted.courseWorkId), lt(posted.claimedAt, new Date(Date.now() - CLAIM_MS))),
    })
    .returning({ assignmentId: posted.assignmentId });
  if (!claim) {
    const [other] = await db.select().from(posted).where(here);
    if (other?.courseWorkId) return answerPosted(other);
    throw conflict(message('assignmentBeingPosted'));
  }

  const { tokens, lost } = tokensOf(deps, actor.userId);
  let work;
  try {
    work = await createCourseWork(deps.config, tokens, lost, courseId, {
      title: own.title,
      description: own.instructions,
      url: `${deps.config.baseUrl}/studentAssignments?assignment=${own.id}`,
    });
  } catch (err) {
    await db.delete(posted).where(and(here, isNull(posted.courseWorkId)));
    throw classroomFailure(err, message('classroomPostRefused'));
  }

  const classId = await db.transaction(async (tx) => {
    await tx
      .update(posted)
      .set({ courseWorkId: work.id, alternateLink: work.alternateLink ?? null, postedAt: new Date() })
      .where(and(here, or(isNull(posted.courseWorkId), eq(posted.courseWorkId, work.id))));
    const [imported] = await tx
      .select({ classId: link.classId })
      .from(link)
      .where(and(eq(link.userId, actor.userId), eq(link.courseId, courseId)));
    if (imported) await giveAssignmentToClass(tx, actor.userId, own.id, imported.classId);
    await recordAudit(tx, {
      actorKind: 'user',
      actorUserId: actor.userId,
      actorLabel: actor.email,
      action: 'classroom_coursework.post',
      entity: 'assignment',
      entityId: own.id,
      before: null,
      after: { courseId, courseWorkId: work.id, classId: imported?.classId ?? null },
    });
    return imported?.classId ?? null;
  });
  return {
    result: { courseWorkId: work.id, alternateLink: work.alternateLink ?? null, classId, alreadyPosted: false },
    created: true,
  };
}
