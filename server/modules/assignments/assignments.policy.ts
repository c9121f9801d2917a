import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isPremium } from '../../../contract/subscription';
import type { Locale } from '../../../contract/locale';
import { schema, type Db } from '../../db/client';
import type { AppContext } from '../../core/context';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { requireTeacherSubscription } from '../../core/access';
import { requestLocale } from '../../core/locale';
import { resolveSubscription, type PlanSettings } from '../../core/plan';

/**
 * Who may do what with assignments. The teacher side is the owning premium teacher only; every
 * query carries `ownAssignment` so another teacher's assignment reads as not found. The student
 * side reaches a record only through `recordOpenToStudent`: the record's e-mail must be on a
 * current roster entry of the assigning teacher's classes that is linked to the caller's account,
 * and the assignment must not be deleted. Removing the student from the roster, or deleting the
 * assignment, cuts access on the very next request.
 */

export interface AssignmentActor {
  userId: string;
}

/** A premium teacher on the teacher side, with the school licence they teach under (for copying school-shared bots). */
export interface AssignmentTeacher extends AssignmentActor {
  schoolId: string | null;
}

const a = schema.assignment;
const sa = schema.studentAssignment;

/** The signed-in teacher's subscription: 401 signed out, 503 when it cannot be checked, 403 for students. */
const teacherSubscription = (c: AppContext) => requireTeacherSubscription(c, message('assignmentsForTeachers'));

const premiumRequired = () => new AppError('premium_required', 402, message('premiumAssignments'));

/** The signed-in premium teacher: 401 signed out, 403 for students, 402 with the reason for a free teacher. */
export async function requireAssignmentTeacher(c: AppContext): Promise<AssignmentTeacher> {
  const { user, sub } = await teacherSubscription(c);
  if (!isPremium(sub.status)) throw premiumRequired();
  return { userId: user.id, schoolId: sub.status === 'active school' ? sub.school_id : null };
}

/**
 * A teacher closing, deleting or taking something back on their own assignments: allowed even while
 * their plan has lapsed, since it only reduces what their students can do (401 signed out, 403
 * students). Another teacher's rows are still the one 404 (`ownAssignment` in every query).
 * Creating, changing, reopening and restoring stay behind `requireAssignmentTeacher`.
 */
export async function requireAssignmentReducer(c: AppContext): Promise<AssignmentActor> {
  const { user } = await teacherSubscription(c);
  return { userId: user.id };
}

/**
 * Who asks for a transcript: any signed-in teacher (401 signed out, 403 students). Whether they may
 * read it is decided against the record's assignment by `assertMayReadTranscript`.
 */
export interface TranscriptReader {
  userId: string;
  premium: boolean;
  /** The school licence the caller administers, if any. */
  adminOf: string | null;
  /** The reader's language, for the texts the app writes into the transcript (a held reply). */
  locale: Locale;
}

export async function requireTranscriptReader(c: AppContext): Promise<TranscriptReader> {
  const { user, sub } = await teacherSubscription(c);
  return { userId: user.id, premium: isPremium(sub.status), adminOf: sub.is_admin ? sub.school_id : null, locale: requestLocale(c) };
}

/**
 * A transcript is the assigning teacher's record of their student's work: they read it even while
 * their plan has lapsed (their students keep working meanwhile). An admin of the school licence the
 * teacher is in now reads it too. Anyone else: 402 when not premium (as every teacher endpoint),
 * else the one 404. `owner` is the assignment's owner, or undefined when no such record exists.
 */
export async function assertMayReadTranscript(
  db: Db,
  reader: TranscriptReader,
  owner: { id: string; email: string; emailVerified: boolean; role: 'teacher' | 'student' } | undefined,
  settings: PlanSettings,
): Promise<void> {
  if (owner && owner.id === reader.userId) return;
  if (owner && reader.adminOf) {
    const theirs = await resolveSubscription(db, { user: owner, settings });
    if (theirs.status === 'active school' && theirs.school_id === reader.adminOf) return;
  }
  if (!reader.premium) throw premiumRequired();
  throw recordNotFound();
}

export const assignmentNotFound = () => notFound(message('assignmentNotFound'));
export const recordNotFound = () => notFound(message('assignmentNotFound'));
export const studentNotFound = () => notFound(message('studentNotFound'));

/** One of the actor's own, not deleted, assignments. */
export function ownAssignment(actor: AssignmentActor, id: string): SQL {
  return and(eq(a.ownerId, actor.userId), eq(a.id, id), isNull(a.deletedAt))!;
}

/**
 * The student may open this record (joined with `assignment` as `a`): the assignment is not
 * deleted and the record's address is on a current, linked roster entry of the teacher's classes.
 */
export function recordOpenToStudent(userId: string | SQL): SQL {
  return and(
    isNull(a.deletedAt),
    sql`exists (select 1 from ${schema.rosterEntry} re join ${schema.teacherClass} tc on tc.id = re.class_id
      where re.user_id = ${userId} and re.email = ${sa.email} and re.removed_at is null and tc.owner_id = ${a.ownerId})`,
  )!;
}

/**
 * The student side's scope (my-assignments): open to the caller, and not a record another account
 * has already opened as theirs. `userId` may be a column of the query (a batch check of several).
 */
export function studentOwnsRecord(userId: string | SQL): SQL {
  return and(recordOpenToStudent(userId), sql`(${sa.studentId} is null or ${sa.studentId} = ${userId})`)!;
}

/** Past the due date and not handed in, or handed in after it. */
export function isLate(
  r: { status: string; submittedAt: Date | null; completedAt: Date | null },
  dueAt: Date | null,
  now = new Date(),
): boolean {
  if (!dueAt) return false;
  const handedIn = r.submittedAt ?? r.completedAt;
  if (handedIn) return handedIn > dueAt;
  return now > dueAt;
}
