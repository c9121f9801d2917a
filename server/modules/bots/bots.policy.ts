import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { BUILTIN_UID, NO_SCHOOL_SID, type BotPermissions, type BotRouteParams } from '../../../contract/bots';
import { isUuid } from '../../../contract/common';
import { schema } from '../../db/client';
import type { Db } from '../../db/client';
import type { AppContext, SessionUser } from '../../core/context';
import { requireUser } from '../../core/context';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { resolveSubscription, type PlanSettings } from '../../core/plan';

/**
 * Who may do what with bots. Every read and write goes through the where clauses below, so a bot
 * the actor may not see reads as "not found", exactly like an unknown id.
 */

export interface BotActor {
  userId: string;
  /** The school licence the actor teaches under right now (an active licence's teachers list). */
  schoolId: string | null;
}

const b = schema.bot;

/** A teacher as the bots module sees them, or null for a student. */
export async function botActorOf(db: Db, user: SessionUser, settings: PlanSettings): Promise<BotActor | null> {
  const sub = await resolveSubscription(db, { user, settings });
  if (sub.user_type !== 'teacher') return null;
  return { userId: user.id, schoolId: sub.status === 'active school' ? sub.school_id : null };
}

/** The signed-in teacher making this request: 401 signed out, 403 for students. */
export async function requireBotActor(c: AppContext): Promise<BotActor> {
  const user = await requireUser(c);
  const { database, config } = c.get('deps');
  const actor = await botActorOf(database.db, user, config);
  // Students meet bots only through their assignments (a later issue), never through the library.
  if (!actor) throw new AppError('forbidden', 403, message('botsForTeachers'));
  return actor;
}

/** The one "not found" of every bot endpoint: unknown id, someone else's bot, mismatched route. */
export const botNotFound = () => notFound(message('botNotFound'));

/** Bots the actor may see (and therefore run and copy): own, built-in, public, or shared with their school. */
export function visibleTo(actor: BotActor): SQL {
  return and(
    isNull(b.deletedAt),
    or(
      eq(b.ownerId, actor.userId),
      and(isNull(b.ownerId), isNotNull(b.templateKey)),
      eq(b.visibility, 'public'),
      actor.schoolId ? and(eq(b.visibility, 'school'), eq(b.schoolId, actor.schoolId)) : undefined,
    ),
  )!;
}

/** Bots the actor may edit, share, move and delete: their own, not deleted. */
export function ownedBy(actor: BotActor, opts: { includeDeleted?: boolean } = {}): SQL {
  return and(eq(b.ownerId, actor.userId), opts.includeDeleted ? undefined : isNull(b.deletedAt))!;
}

interface BotOwnership {
  ownerId: string | null;
  schoolId: string | null;
}

export function permissionsFor(actor: BotActor, row: BotOwnership): BotPermissions {
  const own = row.ownerId === actor.userId;
  return { canEdit: own, canCopy: true, canShare: own, canDelete: own };
}

/** The uid and sid a bot's pages carry (docs/product/routes-and-guards.md#route-parameters): `builtin`/`none` for templates. */
export function routeIdsOf(row: BotOwnership) {
  return { uid: row.ownerId ?? BUILTIN_UID, sid: row.ownerId ? (row.schoolId ?? NO_SCHOOL_SID) : NO_SCHOOL_SID };
}

/**
 * The page's route parameters must describe this bot: its owner, its school, and shared=false only
 * for one's own bot. Any mismatch is the same 404 as an unknown id, so a guessed URL learns nothing.
 */
export function assertRouteMatches(actor: BotActor, row: BotOwnership, params: BotRouteParams) {
  const ids = routeIdsOf(row);
  if (params.uid !== undefined && params.uid !== ids.uid) throw botNotFound();
  if (params.sid !== undefined && params.sid !== ids.sid) throw botNotFound();
  if (params.shared === 'false' && row.ownerId !== actor.userId) throw botNotFound();
}

/** Sharing with the school needs a school to share with. */
export function assertMayUseVisibility(actor: BotActor, visibility: string) {
  if (visibility === 'school' && !actor.schoolId) {
    throw invalidFields({ visibility: message('schoolSharing') });
  }
}

/** An id from the URL: anything that is not a uuid is simply not found. */
export function botIdParam(id: string): string {
  if (!isUuid(id)) throw botNotFound();
  return id.toLowerCase();
}
