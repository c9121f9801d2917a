import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import type { Db } from '../../db/client';
import type { SchoolAdmin } from '../../core/access';
import { resolveSubscription, type PlanSettings } from '../../core/plan';
import { holdersOf } from './records.store';

/**
 * Who may export or delete a student's record. The teacher side is the premium teacher of the
 * roster entry (requireAssignmentTeacher, as GET /api/students/:entryId). The school side is an
 * admin of a school licence that is active now, for the teachers who are in that licence now (as
 * assertMayReadTranscript decides for one transcript).
 */

export type { SchoolAdmin };

export const schoolStudentNotFound = () => notFound(message('schoolStudentNotFound'));

/**
 * The teachers of the admin's school who hold anything of this address (records or roster
 * entries): each holder's subscription is resolved now, and only those in the admin's licence
 * count. None: the one 404, whether or not another school holds the address.
 */
export async function schoolHolders(db: Db, admin: SchoolAdmin, email: string, settings: PlanSettings) {
  const holders = await holdersOf(db, email);
  const inSchool: { id: string; name: string }[] = [];
  for (const holder of holders) {
    const sub = await resolveSubscription(db, { user: holder, settings });
    if (sub.status === 'active school' && sub.school_id === admin.schoolId) inSchool.push({ id: holder.id, name: holder.name });
  }
  if (!inSchool.length) throw schoolStudentNotFound();
  return inSchool;
}
