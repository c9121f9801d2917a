import type { AppContext, SessionUser } from '../../core/context';
import { AppError, notFound } from '../../lib/errors';
import { isSupportUser } from '../../core/access';
import { requireTeacherSubscription } from '../../core/access';
import { idParam } from '../classes';

/**
 * Who opens tickets (/api/tickets): every signed-in teacher or school admin with a verified
 * address. 401 signed out; 403 for students (they report to their teacher), for an unverified
 * address (support could not answer it) and for the support account (it answers at
 * /api/support/tickets). A teacher's own tickets only: another's reads as 404.
 */
export async function requireTicketOpener(c: AppContext): Promise<SessionUser> {
  const { user } = await requireTeacherSubscription(c, 'Support tickets are for teachers. Students ask their teacher.');
  if (!user.emailVerified) throw new AppError('forbidden', 403, 'Confirm your e-mail address first, so support can answer you.');
  if (isSupportUser(user, c.get('deps').config.supportEmail)) {
    throw new AppError('forbidden', 403, 'The support account answers tickets at Support tickets.');
  }
  return user;
}

export const ticketNotFound = () => notFound('That ticket');

/** The :id of a ticket route: anything but a uuid reads as not found. */
export const ticketIdOf = (c: AppContext) => idParam(c.req.param('id') ?? '', ticketNotFound);
