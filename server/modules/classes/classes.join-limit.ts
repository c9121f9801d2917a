import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { JoinClassResult, joinClassInput } from '../../../contract/classes';
import { countAndDecide, peekRates, type RateCounter, type RateRule } from '../../auth/rate-limit';
import { schema, type Db } from '../../db/client';
import type { SessionUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import type { PlanSettings } from '../../core/plan';
import { codeNotInUse, joinClass, requireVerifiedJoiner, type EntriesAdded } from './classes.service';
import { message } from '../../lib/message';

/**
 * Join codes are eight characters of 32 (about 10^12), so only guessing at volume could find one.
 * Wrong codes are counted per account and per address (the client address, as every rate limit
 * reads it): a student who mistypes a few times never meets the limit, and a school behind one
 * address (a class of thirty mistyping a code copied wrong from the board) has room.
 */
export const JOIN_ACCOUNT_RULE: RateRule = { window: 60 * 60_000, max: 60 };
export const JOIN_ADDRESS_RULE: RateRule = { window: 60 * 60_000, max: 200 };

const countersOf = (user: SessionUser, ip: string): RateCounter[] => [
  { key: `classes/join:user:${user.id}`, rule: JOIN_ACCOUNT_RULE },
  { key: `classes/join:ip:${ip}`, rule: JOIN_ADDRESS_RULE },
];

const lockedOut = (retryAfter: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new AppError('rate_limited', 429, message('joinLimit', { minutes }), {
    headers: { 'Retry-After': String(retryAfter) },
  });
};

/**
 * POST /api/classes/join with its limit. The code is looked up (one read of a unique index). Every
 * guess that does not join is counted, a guess made while locked out too, by one statement that
 * counts and decides together, so guesses sent at once cannot pass the limit between a read and a
 * write (issue 39, item 1). While the account or the address is locked out, the lock-out stops
 * guessing, not a fresh code: a code made after the lock-out's window began (`joinCodeMadeAt`, set
 * only when a teacher makes a code; a rename or a pasted student changes nothing) is taken at once;
 * any other code, right or wrong, is answered 429 alike and changes nothing but the count.
 */
export async function joinClassLimited(
  db: Db,
  user: SessionUser,
  input: z.output<typeof joinClassInput>,
  settings: PlanSettings,
  ip: string,
  entriesAdded: EntriesAdded,
): Promise<JoinClassResult> {
  requireVerifiedJoiner(user);
  const counters = countersOf(user, ip);
  const k = schema.teacherClass;
  const [cls] = await db.select({ madeAt: k.joinCodeMadeAt }).from(k).where(eq(k.joinCode, input.code)).limit(1);
  if (cls) {
    const peek = await peekRates(db, counters);
    if (peek.allowed || (cls.madeAt !== null && cls.madeAt.getTime() >= peek.fullSince!)) {
      return joinClass(db, user, input, settings, entriesAdded);
    }
  }
  const decision = await countAndDecide(db, counters);
  if (!decision.allowed) throw lockedOut(decision.retryAfter);
  throw codeNotInUse();
}
