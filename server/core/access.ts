import type { Subscription } from '../../contract/subscription';
import type { AppContext, SessionUser } from './context';
import { requireUser } from './context';
import { AppError } from '../lib/errors';
import { resolveSubscription } from './plan';

/**
 * The signed-in teacher with their subscription, for the teacher-only endpoints (assignments,
 * the live stream, what a lapsed plan leaves running): 401 signed out, 503 when the account cannot
 * be checked (a failed resolution knows only the account's role, which a school's teachers list may
 * overrule: refuse rather than guess), 403 with `forbidden` for anyone the check says is no teacher.
 */
export async function requireTeacherSubscription(c: AppContext, forbidden: string): Promise<{ user: SessionUser; sub: Subscription }> {
  const user = await requireUser(c);
  const { database, config } = c.get('deps');
  const sub = await resolveSubscription(database.db, { user, settings: config });
  if (sub.status === 'error') {
    throw new AppError('unavailable', 503, sub.message ?? 'Your account could not be checked just now. Try again in a moment.');
  }
  if (sub.user_type !== 'teacher') throw new AppError('forbidden', 403, forbidden);
  return { user, sub };
}
