import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client';
import { logWarning, outsideRequest } from '../lib/log';

/**
 * Plan changes take effect on the next request in every app process (docs/product/roles-and-plans.md#resolution-order). Whatever a
 * process remembers of a user's plan (the quota pool's plan, usage.service) is forgotten when a
 * subscription or licence changes: the change's transaction sends a NOTIFY on this channel, which
 * every process (this one included, PGlite too) hears once it commits.
 */
export const PLAN_CHANNEL = 'classbots_plan';

/** Payload for "every user": a licence changed, so any address of its domains may have. */
export const EVERYONE = '*';

/**
 * Tells every process that `userId`'s plan changed (null: anyone's, as a licence change does).
 * Pass the transaction that makes the change: the notice is then sent only if it commits.
 */
export async function planChanged(db: Db | Tx, userId: string | null): Promise<void> {
  await db.execute(sql`select pg_notify(${PLAN_CHANNEL}, ${userId ?? EVERYONE})`);
}

/** What a process forgets: `userId`'s plan (null: everyone's) as remembered for database `db`. */
type Forget = (db: Db, userId: string | null) => void;
const forgetters = new Set<Forget>();

/** Registers what this process forgets on a plan change heard on a database. */
export function onPlanChange(forget: Forget): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

function forget(db: Db, userId: string | null) {
  for (const f of forgetters) f(db, userId);
}

const watching = new WeakMap<Database, Promise<() => Promise<void>>>();

/**
 * Starts this process's LISTEN for plan changes on `database` (once per database; later calls
 * share it). A lost and restored listening connection may have missed notices: everything is
 * forgotten then.
 */
export function watchPlanChanges(database: Database): Promise<() => Promise<void>> {
  let w = watching.get(database);
  if (!w) {
    w = outsideRequest(() =>
      database.listen(PLAN_CHANNEL, {
        notify: (payload) => forget(database.db, payload === EVERYONE ? null : payload),
        reconnected: () => forget(database.db, null),
      }),
    );
    w.catch((err: unknown) => {
      watching.delete(database);
      logWarning(null, 'plan: listening for plan changes failed; remembered plans expire on their own', err);
    });
    watching.set(database, w);
  }
  return w;
}
