import type { Subscription } from '../../contract/subscription';
import type { AppContext, SessionUser } from './context';
import { requireUser } from './context';
import { AppError } from '../lib/errors';
import { logError } from '../lib/log';
import { findLicenceForEmail, licenceExpired, resolveSubscription } from './plan';
import { message, type ServerMessage } from '../lib/message';

/**
 * Every role guard a route uses, in one place (docs/decisions/202-one-school-admin-guard.md):
 * signed in (requireUser, in context.ts), a teacher by plan, the support account, a school's admin.
 * Each throws the AppError the route answers with; none returns a refusal.
 */

/** The support account: the SUPPORT_EMAIL address, verified. */
export function isSupportUser(user: { email: string; emailVerified: boolean }, supportEmail: string | undefined) {
  return Boolean(supportEmail && user.emailVerified && user.email.toLowerCase() === supportEmail);
}

/**
 * The signed-in teacher with their subscription, for the teacher-only endpoints (assignments,
 * the live stream, what a lapsed plan leaves running): 401 signed out, 503 when the account cannot
 * be checked (a failed resolution knows only the account's role, which a school's teachers list may
 * overrule: refuse rather than guess), 403 with `forbidden` for anyone the check says is no teacher.
 */
export async function requireTeacherSubscription(
  c: AppContext,
  forbidden: ServerMessage,
): Promise<{ user: SessionUser; sub: Subscription }> {
  const user = await requireUser(c);
  const { database, config } = c.get('deps');
  const sub = await resolveSubscription(database.db, { user, settings: config });
  if (sub.status === 'error') {
    throw new AppError('unavailable', 503, message('subscriptionUnchecked'));
  }
  if (sub.user_type !== 'teacher') throw new AppError('forbidden', 403, forbidden);
  return { user, sub };
}

/** The support endpoints (superDash, supportTickets): 401 signed out, 403 for everyone but the support account. */
export async function requireSupport(c: AppContext): Promise<SessionUser> {
  const user = await requireUser(c);
  if (!isSupportUser(user, c.get('deps').config.supportEmail)) {
    throw new AppError('forbidden', 403, message('supportPage'));
  }
  return user;
}

type Licence = NonNullable<Awaited<ReturnType<typeof findLicenceForEmail>>>;

/** The licence a school admin acts on, matched by the admin's verified address. */
export interface SchoolAdmin {
  user: SessionUser;
  userId: string;
  licence: Licence;
  schoolId: string;
  schoolName: string;
}

/** What a school-admin route needs: whether an expired licence still counts, and its refusal. */
export interface SchoolAdminNeed {
  /**
   * 'any': the licence may have expired (its admins still reach the teachers list and the
   * dashboard, and see the expiry). 'active': it must be valid today, and an account that cannot
   * be checked gets 503 rather than a guess (a student's school record).
   */
  licence: 'any' | 'active';
  refusal: ServerMessage;
}

/** The school-admin pages (teachers list, dashboard) and their refusal. */
export const SCHOOL_PAGES: SchoolAdminNeed = { licence: 'any', refusal: message('schoolAdminPages') };
/** A student's school record (export, delete) and its refusal. */
export const SCHOOL_RECORDS: SchoolAdminNeed = { licence: 'active', refusal: message('schoolRecordForAdmins') };

/**
 * The one school-admin guard: 401 signed out; 403 (`need.refusal`) unless the address is verified
 * and listed among the admins of the licence matching its domain (and, for 'active', that licence
 * is valid today). Every school-admin query is scoped by the licence returned here, so another
 * school's rows are never found (404).
 */
export async function requireSchoolAdmin(c: AppContext, need: SchoolAdminNeed): Promise<SchoolAdmin> {
  const user = await requireUser(c);
  if (!user.emailVerified) throw new AppError('forbidden', 403, need.refusal);
  let licence: Licence | undefined;
  try {
    licence = await findLicenceForEmail(c.get('deps').database.db, user.email);
  } catch (err) {
    if (need.licence === 'any') throw err;
    logError(null, `subscription: resolving user ${user.id} failed`, err);
    throw new AppError('unavailable', 503, message('subscriptionUnchecked'));
  }
  if (!licence || !licence.admins.includes(user.email.toLowerCase())) throw new AppError('forbidden', 403, need.refusal);
  if (need.licence === 'active' && licenceExpired(licence)) throw new AppError('forbidden', 403, need.refusal);
  return { user, userId: user.id, licence, schoolId: licence.id, schoolName: licence.schoolname };
}
