import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isPremium } from '../../../contract/subscription';
import { schema } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { requireUser } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { resolveSubscription } from '../subscription/subscription.service';

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

const a = schema.assignment;
const sa = schema.studentAssignment;

/** The signed-in premium teacher: 401 signed out, 403 for students, 402 with the reason for a free teacher. */
export async function requireAssignmentTeacher(c: AppContext): Promise<AssignmentActor> {
  const user = await requireUser(c);
  const { database, config } = c.get('deps');
  const sub = await resolveSubscription(database.db, { user, supportEmail: config.supportEmail });
  if (sub.status === 'error') {
    throw new AppError('unavailable', 503, sub.message ?? 'Your account could not be checked just now. Try again in a moment.');
  }
  if (sub.user_type !== 'teacher') throw new AppError('forbidden', 403, 'Assignments are set by teachers.');
  if (!isPremium(sub.status)) {
    throw new AppError(
      'premium_required',
      402,
      'Assignments are part of Premium. Your open assignments keep working for your students; get Premium again to create or change assignments.',
    );
  }
  return { userId: user.id };
}

export const assignmentNotFound = () => notFound('That assignment');
export const recordNotFound = () => notFound('That assignment');

/** One of the actor's own, not deleted, assignments. */
export function ownAssignment(actor: AssignmentActor, id: string): SQL {
  return and(eq(a.ownerId, actor.userId), eq(a.id, id), isNull(a.deletedAt))!;
}

/**
 * The student may open this record (joined with `assignment` as `a`): the assignment is not
 * deleted and the record's address is on a current, linked roster entry of the teacher's classes.
 */
export function recordOpenToStudent(userId: string): SQL {
  return and(
    isNull(a.deletedAt),
    sql`exists (select 1 from ${schema.rosterEntry} re join ${schema.teacherClass} tc on tc.id = re.class_id
      where re.user_id = ${userId} and re.email = ${sa.email} and re.removed_at is null and tc.owner_id = ${a.ownerId})`,
  )!;
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
