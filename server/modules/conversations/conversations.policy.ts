import type { AppContext, AppDeps, SessionUser } from '../../core/context';
import { requireUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import { rememberedSubscription } from '../../core/plan';
import { message } from '../../lib/message';

/**
 * Who may use the teacher's AI: the assistant, DocBots, ChatBots, a teacher's TutorBot preview and
 * images. The audience is decided here, on the server, from the caller's resolved user type (the
 * account's role outside a school, the school's teachers list inside one), never from the request.
 * Students reach AI only through their assignments' tutor runs, which do not come through here.
 */
export interface TeacherAiActor {
  user: SessionUser;
  /** The school licence they teach under right now (which shared bots they may run depends on it). */
  schoolId: string | null;
}

export const teacherAiOnly = () => new AppError('forbidden', 403, message('teacherAiOnly'));

/**
 * The caller as a user of the teacher's AI: 403 for a student, 503 when their account cannot be
 * checked. Every send makes this check, so the plan is remembered per process until a plan change
 * is heard (docs/decisions/032-plan-cache-and-plan-change-notices.md).
 */
export async function teacherAiActorOf(deps: AppDeps, user: SessionUser): Promise<TeacherAiActor> {
  const subscription = await rememberedSubscription(deps.database.db, { user, settings: deps.config });
  // A failed resolution reports only the account's role, which a school's teachers list may
  // overrule: refuse rather than guess.
  if (subscription.status === 'error') {
    throw new AppError('unavailable', 503, message('subscriptionUnchecked'));
  }
  if (subscription.user_type !== 'teacher') throw teacherAiOnly();
  return { user, schoolId: subscription.status === 'active school' ? subscription.school_id : null };
}

/** The signed-in teacher of this request: 401 signed out, 403 for a student. */
export async function requireTeacherAi(c: AppContext): Promise<TeacherAiActor> {
  const user = await requireUser(c);
  return teacherAiActorOf(c.get('deps'), user);
}
