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

/**
 * Something of a user's plan remembered per process and database (decision 032): an entry lives
 * `ttlMs` at most, and any plan change heard on its database forgets it at once, so the time only
 * bounds a missed notice or a period that ends with the clock. `variant` tells apart what the same
 * user id may resolve to differently (an address or role that changed since).
 */
export function planMemo<T>(ttlMs: number, maxEntries = 10_000) {
  interface Memo {
    entries: Map<string, { value: T; variant: string; until: number }>;
    /** Raised on every plan change: a value read before it is not remembered after it. */
    generation: number;
  }
  const memos = new WeakMap<Db, Memo>();
  onPlanChange((db, userId) => {
    const memo = memos.get(db);
    if (!memo) return;
    memo.generation++;
    if (userId === null) memo.entries.clear();
    else memo.entries.delete(userId);
  });
  /** The remembered value, or `load`'s; a value `keep` refuses (a failed read) is used once, not kept. */
  return async function remembered(
    db: Db,
    userId: string,
    variant: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    let memo = memos.get(db);
    if (!memo) memos.set(db, (memo = { entries: new Map(), generation: 0 }));
    const hit = memo.entries.get(userId);
    if (hit && hit.variant === variant && hit.until > Date.now()) return hit.value;
    const generation = memo.generation;
    const value = await load();
    // A change heard while this read ran may have come after it: use the value once, do not keep it.
    if (memo.generation !== generation || !keep(value)) return value;
    if (memo.entries.size >= maxEntries) memo.entries.clear();
    memo.entries.set(userId, { value, variant, until: Date.now() + ttlMs });
    return value;
  };
}
