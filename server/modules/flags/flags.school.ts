import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../../db/client';
import { resolveSubscription, type PlanSettings } from '../../core/plan';

/**
 * The school a flag's teacher is in now (as resolveSubscription decides it) and that school's
 * admins: who is alerted of a self-harm or safeguarding flag, in-app and by e-mail, and the school's
 * reporting guidance shown on a safeguarding flag.
 */

/** The teacher's school licence now ('active school'), with its admins' addresses; null when none. */
export async function teacherSchoolOf(db: Db, teacherId: string, settings: PlanSettings) {
  const [user] = await db
    .select({ id: schema.user.id, email: schema.user.email, emailVerified: schema.user.emailVerified, role: schema.user.role })
    .from(schema.user)
    .where(eq(schema.user.id, teacherId));
  if (!user) return null;
  const sub = await resolveSubscription(db, { user, settings });
  if (sub.status !== 'active school' || !sub.school_id) return null;
  const [licence] = await db
    .select({ id: schema.schoolLicence.id, admins: schema.schoolLicence.admins, reportingGuidance: schema.schoolLicence.reportingGuidance })
    .from(schema.schoolLicence)
    .where(eq(schema.schoolLicence.id, sub.school_id));
  return licence ?? null;
}

/** The accounts (verified addresses) of the licence's admins, for their live streams. */
export async function schoolAdminIds(db: Db, schoolId: string): Promise<string[]> {
  const rows = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .innerJoin(schema.schoolLicence, eq(schema.schoolLicence.id, schoolId))
    .where(and(schema.user.emailVerified, sql`lower(${schema.user.email}) = any(${schema.schoolLicence.admins})`));
  return rows.map((r) => r.id);
}
