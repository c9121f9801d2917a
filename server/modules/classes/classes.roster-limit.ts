import { releaseRate, reserveRate, type RateCounter, type RateRule } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ClassActor } from './classes.policy';
import { message } from '../../lib/message';

/**
 * New roster entries per teacher a day: a whole school's import (2,000 rows) twice over, with room
 * for pastes, and far below what harvesting addresses through rosters would want.
 */
export const ROSTER_ADD_RULE: RateRule = { window: 24 * 60 * 60_000, max: 5000 };

const counterOf = (actor: ClassActor): RateCounter => ({ key: `classes/roster-add:user:${actor.userId}`, rule: ROSTER_ADD_RULE });

/**
 * Runs a write of at most `size` new students with the room for them reserved first: the room is
 * taken in one statement (or the write is refused, 429, nothing written), and what the write did
 * not add (addresses already on the roster, a failed write) is given back after it. Three pastes
 * of 500 at once with room for 1,000 add 1,000, not 1,500 (issue 39, item 2).
 */
export async function withRosterRoom<T>(
  db: Db,
  actor: ClassActor,
  size: number,
  write: () => Promise<T>,
  addedOf: (result: T) => number,
): Promise<T> {
  if (size <= 0) return write();
  const counter = counterOf(actor);
  const reservation = await reserveRate(db, counter, size);
  if (!reservation.allowed) {
    const hours = Math.max(1, Math.ceil(reservation.retryAfter / 3600));
    throw new AppError('rate_limited', 429, message('rosterLimit', { max: ROSTER_ADD_RULE.max, hours }), {
      headers: { 'Retry-After': String(reservation.retryAfter) },
    });
  }
  let result: T;
  try {
    result = await write();
  } catch (err) {
    // Inside a transaction that failed, its rollback gives the room back; outside one, this does.
    await releaseRate(db, counter, reservation, size).catch(() => undefined);
    throw err;
  }
  await releaseRate(db, counter, reservation, size - addedOf(result));
  return result;
}
