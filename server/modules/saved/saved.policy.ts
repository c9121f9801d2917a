import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../contract/common';
import { schema } from '../../db/client';
import type { AppContext } from '../../core/context';
import { requireUser } from '../../core/context';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { botActorOf, type BotActor } from '../bots';

/**
 * Who may do what with Saved Docs: only the owner, ever. Every query carries `ownedBy` in its
 * where clause, so another teacher's item reads as "not found", exactly like an unknown id.
 */

/** A teacher as Saved Docs sees them (the bots module's actor: the runner link needs their school). */
export type SavedActor = BotActor;

const s = schema.savedItem;

/** The signed-in teacher making this request: 401 signed out, 403 for students. */
export async function requireSavedActor(c: AppContext): Promise<SavedActor> {
  const user = await requireUser(c);
  const { database, config } = c.get('deps');
  const actor = await botActorOf(database.db, user, config);
  if (!actor) throw new AppError('forbidden', 403, message('savedForTeachers'));
  return actor;
}

/** The one "not found" of every Saved Docs endpoint. */
export const savedNotFound = () => notFound(message('savedItemNotFound'));

/** The actor's own items; deleted ones only when restoring. */
export function ownedBy(actor: SavedActor, opts: { deleted?: boolean } = {}): SQL {
  return and(eq(s.ownerId, actor.userId), opts.deleted ? undefined : isNull(s.deletedAt))!;
}

/** An id from the URL: anything that is not a uuid is simply not found. */
export function savedIdParam(id: string): string {
  if (!isUuid(id)) throw savedNotFound();
  return id.toLowerCase();
}
