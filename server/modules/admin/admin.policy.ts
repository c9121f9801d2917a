import type { AppContext, SessionUser } from '../../core/context';
import { requireUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import { isSupportUser } from '../me/me.routes';
import { findLicenceForEmail } from '../../core/plan';

/** The licence a school admin acts on: theirs, matched as the admin guard matches. */
export interface AdminSchool {
  user: SessionUser;
  licence: NonNullable<Awaited<ReturnType<typeof findLicenceForEmail>>>;
}

const NOT_ADMIN = "These pages are for your school's admins.";

/**
 * The school-admin endpoints (teacherLists, dashboard): 401 signed out, 403 for anyone who is not
 * an admin of the licence matching their verified address's domain. The licence may have expired
 * (PRODUCT.md 4: its admins still reach teacherLists and see the expiry). Every school-admin query
 * is scoped by the licence returned here, so another school's rows are never found (404).
 */
export async function requireSchoolAdminAccess(c: AppContext): Promise<AdminSchool> {
  const user = await requireUser(c);
  if (!user.emailVerified) throw new AppError('forbidden', 403, NOT_ADMIN);
  const licence = await findLicenceForEmail(c.get('deps').database.db, user.email);
  if (!licence || !licence.admins.includes(user.email.toLowerCase())) throw new AppError('forbidden', 403, NOT_ADMIN);
  return { user, licence };
}

/** The support endpoints (superDash, supportTickets): 401 signed out, 403 for everyone but the support account. */
export async function requireSupport(c: AppContext): Promise<SessionUser> {
  const user = await requireUser(c);
  if (!isSupportUser(user, c.get('deps').config.supportEmail)) {
    throw new AppError('forbidden', 403, 'This page is for the support account.');
  }
  return user;
}
