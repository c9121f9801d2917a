import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { liveEvent, type LiveEvent, type LiveMessage } from '../../contract/live';
import type { Database, Db, Tx } from '../db/client';
import { logWarning, outsideRequest } from '../lib/log';

/**
 * Live updates for teachers' pages. A change is published with NOTIFY on one channel, so it is
 * delivered only if its transaction commits, and to every app process on the database. Each
 * process LISTENs through one connection (Database.listen) and fans notifications out to the
 * streams it serves (GET /api/live), by teacher id. Nothing here is a source of truth: a page
 * refetches through the ordinary endpoints when it hears of a change.
 */
export const LIVE_CHANNEL = 'classbots_live';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

const notification = z.object({ teacherId: z.string().min(1), event: liveEvent });

/**
 * Tells the teacher's open pages that something changed. Pass the transaction that makes the
 * change: the notification is then sent on commit and dropped on rollback. Ids only, never content.
 */
export async function publish(db: Db | Tx, teacherId: string, event: LiveEvent): Promise<void> {
  await db.execute(sql`select ${notifyCall(teacherId, event)}`);
}

/**
 * The `pg_notify(...)` call of a live event, for a statement that publishes as part of a larger
 * write (a RETURNING list, a CTE): sent only if that statement's transaction commits.
 */
export function notifyCall(teacherId: string, event: LiveEvent): SQL {
  const payload = JSON.stringify(notification.parse({ teacherId, event }));
  if (Buffer.byteLength(payload, 'utf8') > MAX_PAYLOAD_BYTES) {
    throw new Error(`A live event of type ${event.type} is too large to publish.`);
  }
  return sql`pg_notify(${LIVE_CHANNEL}, ${payload})`;
}

export interface LiveSubscriber {
  send(message: LiveMessage): void;
  /** The process is shutting down: end the stream. */
  close(): void;
}

/** The fan-out of one process: the subscribers of each teacher, fed by one LISTEN. */
export class LiveHub {
  private readonly byTeacher = new Map<string, Set<LiveSubscriber>>();
  private listening: Promise<unknown> | null = null;

  constructor(private readonly database: Database) {}

  /**
   * Adds a stream; resolves once the process is listening, to the function that removes it. With
   * `max`, a user who holds that many streams already is refused with `refuse()`'s error, added
   * nothing (counted and added before anything is awaited).
   */
  async subscribe(teacherId: string, subscriber: LiveSubscriber, limit?: { max: number; refuse: () => Error }): Promise<() => void> {
    let set = this.byTeacher.get(teacherId);
    if (limit && (set?.size ?? 0) >= limit.max) throw limit.refuse();
    if (!set) this.byTeacher.set(teacherId, (set = new Set()));
    set.add(subscriber);
    // The LISTEN stays open for the life of the process once a first page asked for it.
    // It belongs to the process, not to the request that opened it: its log lines carry no request id.
    this.listening ??= outsideRequest(() =>
      this.database.listen(LIVE_CHANNEL, { notify: (payload) => this.deliver(payload), reconnected: () => this.resync() }),
    ).catch((err: unknown) => {
      this.listening = null;
      throw err;
    });
    try {
      await this.listening;
    } catch (err) {
      this.remove(teacherId, subscriber);
      throw err;
    }
    return () => this.remove(teacherId, subscriber);
  }

  /** How many streams this process serves (for one teacher, or in all). */
  subscriberCount(teacherId?: string): number {
    if (teacherId !== undefined) return this.byTeacher.get(teacherId)?.size ?? 0;
    let n = 0;
    for (const set of this.byTeacher.values()) n += set.size;
    return n;
  }

  /** Ends every stream (the process is stopping). */
  closeAll(): void {
    for (const set of this.byTeacher.values()) for (const s of set) s.close();
    this.byTeacher.clear();
  }

  private remove(teacherId: string, subscriber: LiveSubscriber) {
    const set = this.byTeacher.get(teacherId);
    if (!set?.delete(subscriber)) return;
    if (set.size === 0) this.byTeacher.delete(teacherId);
  }

  private deliver(payload: string) {
    let parsed: z.infer<typeof notification>;
    try {
      parsed = notification.parse(JSON.parse(payload));
    } catch {
      // Another version of the app may publish kinds this one does not know: ignore them.
      logWarning(null, 'live: a notification of an unknown shape was ignored');
      return;
    }
    for (const s of this.byTeacher.get(parsed.teacherId) ?? []) s.send(parsed.event);
  }

  private resync() {
    for (const set of this.byTeacher.values()) for (const s of set) s.send({ type: 'sync' });
  }
}

const hubs = new WeakMap<Database, LiveHub>();

/** The hub of this process for an open database. */
export function liveHub(database: Database): LiveHub {
  let hub = hubs.get(database);
  if (!hub) hubs.set(database, (hub = new LiveHub(database)));
  return hub;
}
