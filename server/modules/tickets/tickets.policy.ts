import type { AppContext, SessionUser } from '../../core/context';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
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
  const { user } = await requireTeacherSubscription(c, message('ticketsForTeachers'));
  if (!user.emailVerified) throw new AppError('forbidden', 403, message('confirmForSupport'));
  if (isSupportUser(user, c.get('deps').config.supportEmail)) {
    throw new AppError('forbidden', 403, message('supportAnswersTickets'));
  }
  return user;
}

export const ticketNotFound = () => notFound(message('ticketNotFound'));

/** The :id of a ticket route: anything but a uuid reads as not found. */
export const ticketIdOf = (c: AppContext) => idParam(c.req.param('id') ?? '', ticketNotFound);
