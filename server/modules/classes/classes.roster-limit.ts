import { countRates, peekRates, type RateCounter, type RateRule } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ClassActor } from './classes.policy';

/**
 * New roster entries per teacher a day: a whole school's import (2,000 rows) twice over, with room
 * for pastes, and far below what harvesting addresses through rosters would want.
 */
export const ROSTER_ADD_RULE: RateRule = { window: 24 * 60 * 60_000, max: 5000 };

const counterOf = (actor: ClassActor): RateCounter[] => [{ key: `classes/roster-add:user:${actor.userId}`, rule: ROSTER_ADD_RULE }];

/** Refuses (429, nothing written) a write of `size` more students than the teacher's day has room for. */
export async function requireRosterRoom(db: Db, actor: ClassActor, size: number): Promise<void> {
  const peek = await peekRates(db, counterOf(actor), Date.now(), size);
  if (peek.allowed) return;
  const hours = Math.max(1, Math.ceil(peek.retryAfter / 3600));
  throw new AppError(
    'rate_limited',
    429,
    `You have added ${ROSTER_ADD_RULE.max} students today, the most in a day. Add these in ${hours} hour${hours === 1 ? '' : 's'}, or ask support for more.`,
    { headers: { 'Retry-After': String(peek.retryAfter) } },
  );
}

/** Counts the students a write put on the teacher's rosters. */
export async function countRosterAdds(db: Db, actor: ClassActor, added: number): Promise<void> {
  if (added > 0) await countRates(db, counterOf(actor), Date.now(), added);
}
