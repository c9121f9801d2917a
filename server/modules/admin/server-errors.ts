import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { describeError, logWarning, outsideRequest } from '../../lib/log';

export interface ServerErrorEntry {
  requestId: string | null;
  method: string | null;
  /** The matched route pattern, never the path with its values. */
  route: string | null;
  status: number;
  err: unknown;
}

/**
 * Keeps a 5xx answer for superDash's "recent server errors": the request id, route, status and the
 * error's safe description (class names and codes, as the log writes them; never a message). Never
 * awaited by the answer and never throws: a database that is failing must not fail the reply too.
 */
export function recordServerError(db: Db, entry: ServerErrorEntry): void {
  const code = describeError(entry.err).slice(0, 500);
  void outsideRequest(() =>
    db
      .insert(schema.serverError)
      .values({ requestId: entry.requestId, method: entry.method, route: entry.route, status: entry.status, code })
      .catch((err: unknown) => logWarning(entry.requestId, 'server errors: keeping a server error failed', err)),
  );
}

/** Deletes server errors older than `days` (30: superDash's window); the hourly pruner runs it. */
export async function pruneServerErrors(db: Db, days = 30, now = new Date()): Promise<void> {
  await db.delete(schema.serverError).where(lt(schema.serverError.at, new Date(now.getTime() - days * 86_400_000)));
}
