import { and, asc, eq, inArray, isNull, or, gt, sql } from 'drizzle-orm';
import type { Subscription, UserType } from '../../../contract/subscription';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { logError } from '../../lib/log';

export interface ResolveInput {
  /** The signed-in user; null when nobody is signed in. */
  user: { id: string; email: string; emailVerified: boolean; role: 'teacher' | 'student' } | null;
  supportEmail: string | undefined;
  now?: Date;
}

const empty = (status: Subscription['status'], userType: UserType): Subscription => ({
  status,
  current_period_end: null,
  school_name: null,
  school_id: null,
  school_domain: null,
  user_type: userType,
  is_admin: false,
  teacher_building: null,
  message: null,
});

/** The part of an e-mail address after the last @, lower-case. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Today's date in UTC as YYYY-MM-DD: a licence is valid through its expiration day. */
function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * The licence whose domains include this address's domain (expired or not), with this address's
 * teachers-list entry when there is one: one query, since this runs on every permission check.
 */
export async function findLicenceForEmail(db: Db, email: string) {
  const domain = emailDomain(email);
  const rows = await db
    // Flat columns: drizzle nulls a nested left-joined object when one of its fields is null.
    .select({ licence: schema.schoolLicence, teacherId: schema.schoolTeacher.id, teacherBuilding: schema.schoolTeacher.building })
    .from(schema.schoolLicence)
    .leftJoin(
      schema.schoolTeacher,
      and(eq(schema.schoolTeacher.schoolId, schema.schoolLicence.id), eq(schema.schoolTeacher.email, email.toLowerCase())),
    )
    .where(sql`${domain} = any(${schema.schoolLicence.domains})`)
    .orderBy(asc(schema.schoolLicence.createdAt))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.licence, teacher: row.teacherId ? { building: row.teacherBuilding } : null } : undefined;
}

/**
 * Resolves a user's subscription in the order of SEED-SPEC.md section 4, with PRODUCT.md
 * section 4: only a verified address matches a school; an expired licence does not match (but its
 * admins keep the school fields and is_admin); the support account is active when nothing else
 * applies. Any failure gives status `error` with a message.
 */
export async function resolveSubscription(db: Db, input: ResolveInput): Promise<Subscription> {
  const { user, supportEmail } = input;
  if (!user) return empty('not authenticated', 'student');
  const now = input.now ?? new Date();
  const email = user.email.toLowerCase();
  try {
    let expiredAdminSchool: Pick<Subscription, 'school_name' | 'school_id' | 'school_domain' | 'is_admin'> | null = null;
    if (user.emailVerified) {
      const licence = await findLicenceForEmail(db, email);
      if (licence) {
        const isAdmin = licence.admins.includes(email);
        const expired = licence.expiration !== null && licence.expiration < isoDay(now);
        if (!expired) {
          const { teacher } = licence;
          // PRODUCT.md 4: an admin is staff, a teacher of the school even off the teachers list (no building).
          return {
            status: 'active school',
            current_period_end: licence.expiration,
            school_name: licence.schoolname,
            school_id: licence.id,
            school_domain: licence.domain,
            user_type: teacher || isAdmin ? 'teacher' : 'student',
            is_admin: isAdmin,
            teacher_building: teacher?.building ?? null,
            message: null,
          };
        }
        if (isAdmin) {
          expiredAdminSchool = {
            school_name: licence.schoolname,
            school_id: licence.id,
            school_domain: licence.domain,
            is_admin: true,
          };
        }
      }
    }
    const [customer] = await db
      .select({ status: schema.customerSubscription.status, end: schema.customerSubscription.currentPeriodEnd })
      .from(schema.customerSubscription)
      .where(
        and(
          eq(schema.customerSubscription.userId, user.id),
          inArray(schema.customerSubscription.status, ['trialing', 'active']),
          or(isNull(schema.customerSubscription.currentPeriodEnd), gt(schema.customerSubscription.currentPeriodEnd, now)),
        ),
      )
      .orderBy(asc(schema.customerSubscription.createdAt))
      .limit(1);
    const base = { ...empty('not subscribed yet', user.role), ...expiredAdminSchool };
    if (customer) {
      return {
        ...base,
        status: customer.status === 'trialing' ? 'trialing' : 'active',
        current_period_end: customer.end ? customer.end.toISOString() : null,
      };
    }
    if (supportEmail && user.emailVerified && email === supportEmail) return { ...base, status: 'active' };
    return base;
  } catch (err) {
    logError(null, `subscription: resolving user ${user.id} failed`, err);
    return {
      ...empty('error', user.role),
      message: 'Your subscription could not be checked just now. Try again in a moment.',
    };
  }
}
