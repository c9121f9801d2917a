import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { rosterCheckInput, type RosterCheck } from '../../contract/account';
import { schema, type Db } from '../db/client';
import { clientIp, readJson, type AppEnv } from '../core/context';
import { AppError } from '../lib/errors';
import { consumeRate, type RateRule } from './rate-limit';
import { message } from '../lib/message';

/**
 * Per IP: a class of forty signing up together from one school address, each typing an address or
 * two, gets through; a script guessing addresses learns at most this many answers in ten minutes.
 */
export const ROSTER_CHECK_RULE: RateRule = { window: 10 * 60_000, max: 100 };

/** Whether a current (not removed) roster entry of any teacher's class names this address. */
export async function isOnAnyRoster(db: Db, email: string): Promise<boolean> {
  const r = schema.rosterEntry;
  const [found] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.email, email.toLowerCase()), isNull(r.removedAt)))
    .limit(1);
  return Boolean(found);
}

/**
 * POST /api/auth/roster-check: sign-up's hint that an address is a student's (docs/product/roles-and-plans.md#who-is-who).
 * Answers only a boolean, the same shape for any valid address, account or not; every request
 * counts against the IP's limit, bad ones too. Nothing about the address is logged.
 */
export function rosterCheckRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const db = c.get('deps').database.db;
    const decision = await consumeRate(db, `auth/roster-check:ip:${clientIp(c)}`, ROSTER_CHECK_RULE);
    if (!decision.allowed) {
      throw new AppError('rate_limited', 429, message('tooManyAttempts'), {
        headers: { 'Retry-After': String(decision.retryAfter) },
      });
    }
    const { email } = await readJson(c, rosterCheckInput);
    c.header('Cache-Control', 'no-store');
    return c.json({ onRoster: await isOnAnyRoster(db, email) } satisfies RosterCheck);
  });
  return app;
}
