import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contract/common';
import { isPremium } from '../../../contract/subscription';
import { schema } from '../../db/client';
import type { AppContext } from '../../core/context';
import { requireUser } from '../../core/context';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { resolveSubscription } from '../../core/plan';

/**
 * Who may do what with classes: only the teacher who owns a class, and only while premium (except
 * what only reduces: `requireClassOwner`, the routes say which). Every
 * query carries `ownedBy` in its where clause, so another teacher's class reads as "not found",
 * exactly like an unknown id.
 */

export interface ClassActor {
  userId: string;
}

const k = schema.teacherClass;

export const classesPremiumRequired = () => new AppError('premium_required', 402, message('premiumClasses'));

/** The signed-in teacher and whether they are premium now: 401 signed out, 403 for students. */
export async function requireClassOwner(c: AppContext): Promise<ClassActor & { premium: boolean }> {
  const user = await requireUser(c);
  const { database, config } = c.get('deps');
  const sub = await resolveSubscription(database.db, { user, settings: config });
  if (sub.user_type !== 'teacher') throw new AppError('forbidden', 403, message('classesForTeachers'));
  return { userId: user.id, premium: isPremium(sub.status) };
}

/** The signed-in premium teacher making this request: 401 signed out, 403 for students, 402 for a free teacher. */
export async function requireClassActor(c: AppContext): Promise<ClassActor> {
  const owner = await requireClassOwner(c);
  if (!owner.premium) throw classesPremiumRequired();
  return { userId: owner.userId };
}

/** The one "not found" of every class endpoint. */
export const classNotFound = () => notFound(message('classNotFound'));

/** The actor's own classes. */
export function ownedBy(actor: ClassActor): SQL {
  return eq(k.ownerId, actor.userId);
}

/** One of the actor's own classes by id. */
export function ownClass(actor: ClassActor, id: string): SQL {
  return and(ownedBy(actor), eq(k.id, id))!;
}

/** An id from the URL: anything that is not a uuid is simply not found. */
export function idParam(id: string, missing: () => AppError = classNotFound): string {
  if (!isUuid(id)) throw missing();
  return id.toLowerCase();
}

/**
 * Whether the teacher is shown that a roster entry's student has an account ("Signed in"): the
 * entry is linked and the student came in themselves since it was added (joined with the code, or
 * signed in after the teacher added them). An entry linked at once because the address already had
 * an account is not shown so: the teacher would learn of any address whether it has an account,
 * which is not theirs to know until the student comes in.
 */
export function shownLinked(entry = schema.rosterEntry): SQL<boolean> {
  return sql<boolean>`(${entry.userId} is not null and (${entry.source} in ('code', 'lti') or exists (
    select 1 from ${schema.user} su where su.id = ${entry.userId} and su.last_sign_in_at >= ${entry.addedAt})))`;
}
