import { CLASSROOM_ERRORS, isCourseId } from '../../../contract/classroom';
import { isPremium } from '../../../contract/subscription';
import type { Config } from '../../config';
import type { AppContext, SessionUser } from '../../core/context';
import { requireTeacherSubscription } from '../../core/access';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';

/**
 * Who may use Google Classroom: a Premium teacher connects, lists, imports and posts; any teacher
 * (a lapsed one too) reads whether they are connected and disconnects, which only forgets. The
 * order is the app's: 401 signed out, 403 students, 402 a free teacher, then 404 when Google
 * sign-in is not set up here, then the rows and courses in scope.
 */

export interface ClassroomActor {
  userId: string;
  /** The teacher's address when they acted (the audit entry's label). */
  email: string;
}

const teacherSubscription = (c: AppContext) => requireTeacherSubscription(c, message('classroomForTeachers'));

const actorOf = (user: SessionUser): ClassroomActor => ({ userId: user.id, email: user.email });

/** The signed-in Premium teacher: 401 signed out, 403 students, 402 with the reason for a free teacher. */
export async function requireClassroomTeacher(c: AppContext): Promise<ClassroomActor> {
  const { user, sub } = await teacherSubscription(c);
  if (!isPremium(sub.status)) throw new AppError('premium_required', 402, message('premiumClassroom'));
  return actorOf(user);
}

/** Any signed-in teacher (reading the connection's state, disconnecting): 401 signed out, 403 students. */
export async function requireClassroomOwner(c: AppContext): Promise<ClassroomActor> {
  return actorOf((await teacherSubscription(c)).user);
}

/** The Google client Classroom uses (the sign-in's), or the 404 of an installation without one. */
export function requireGoogle(config: Config): NonNullable<Config['google']> {
  if (!config.google) throw new AppError(CLASSROOM_ERRORS.notConfigured, 404, message('classroomNotConfigured'));
  return config.google;
}

export const courseNotFound = () => notFound(message('courseNotFound'));

/** A course id from the URL: anything that is not one is simply not found. */
export function courseIdParam(id: string): string {
  if (!isCourseId(id)) throw courseNotFound();
  return id;
}
