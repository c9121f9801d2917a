import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { logWarning } from '../../lib/log';
import type { Platform } from './lti.accounts';
import { PlatformCallError, SCORE_SCOPE, forgetServiceToken, platformCall, serviceToken } from './lti.services';

/**
 * Assignment and Grade Services: a record's state goes to the course's gradebook column of each
 * link that placed its assignment in a course (docs/decisions/261-lti-1-3.md). ClassBots gives no
 * marks, so the score is completion: 1 of 1 once the student pressed "I'm done" or the teacher
 * marked it complete, nothing while it is being worked on; the teacher's feedback is the comment.
 * Each change replaces the link's waiting score (lti_score, an outbox); the sender claims due rows,
 * so processes share the work, and retries with a growing wait until the platform takes it.
 */

const s = schema.ltiScore;
const SCORE_RETRY_EVERY_MS = 30_000;
const BATCH = 50;
/** How long a claimed score is left to the process that claimed it (one that died gives it back then). */
const CLAIM_MS = 5 * 60_000;
/** The wait after the nth failure: 1, 2, 4 ... minutes, at most an hour. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

type RecordRow = Pick<typeof schema.studentAssignment.$inferSelect, 'status' | 'feedback'>;

/** The score a record's state reads as (the AGS score object, less its user and time). */
export function scoreOf(record: RecordRow): Record<string, unknown> {
  const done = record.status === 'submitted' || record.status === 'completed';
  return {
    activityProgress:
      record.status === 'completed'
        ? 'Completed'
        : record.status === 'submitted'
          ? 'Submitted'
          : record.status === 'in_progress'
            ? 'InProgress'
            : 'Initialized',
    gradingProgress: done ? 'FullyGraded' : 'NotReady',
    ...(done ? { scoreGiven: 1, scoreMaximum: 1 } : {}),
    ...(record.feedback ? { comment: record.feedback } : {}),
  };
}

/**
 * A record changed (the student pressed "I'm done", the teacher gave feedback, marked it complete or
 * sent it back): its score waits for each course link of its assignment whose platform knows the
 * student, and the sender is woken. The hook of the assignment modules (AppDeps.hooks.recordChanged).
 */
export async function queueScore(deps: AppDeps, recordId: string): Promise<void> {
  const { db } = deps.database;
  const sa = schema.studentAssignment;
  const l = schema.ltiLink;
  const acc = schema.ltiAccount;
  const r = schema.rosterEntry;
  const rows = await db
    .select({ linkId: l.id, sub: acc.sub, status: sa.status, feedback: sa.feedback })
    .from(sa)
    .innerJoin(l, and(eq(l.assignmentId, sa.assignmentId), isNotNull(l.lineItemUrl)))
    // The student: the record's account once they opened it, else the account its roster entry is linked to.
    .leftJoin(r, eq(r.id, sa.rosterEntryId))
    .innerJoin(acc, and(eq(acc.platformId, l.platformId), eq(acc.userId, sql`coalesce(${sa.studentId}, ${r.userId})`)))
    .where(eq(sa.id, recordId));
  if (!rows.length) return;
  const now = new Date();
  for (const row of rows) {
    const payload = { ...scoreOf(row), userId: row.sub, timestamp: now.toISOString() };
    await db
      .insert(s)
      .values({ linkId: row.linkId, recordId, sub: row.sub, payload, nextAttemptAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [s.linkId, s.recordId],
        set: { sub: row.sub, payload, sentAt: null, attempts: 0, lastError: null, nextAttemptAt: now, updatedAt: now },
      });
  }
  void sendDueScores(deps).catch((err: unknown) => logWarning(null, 'lti: a score round failed', err));
}

/** The scores address of a line item: its path with `/scores` added, its query kept. */
export function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/**
 * Sends the scores that are due: claims up to BATCH rows (their next attempt moved on by the
 * longest wait, so another process leaves them), posts each, and marks it sent unless it changed
 * meanwhile. Answers how many the platforms took.
 */
export async function sendDueScores(deps: AppDeps): Promise<number> {
  const { db } = deps.database;
  const now = new Date();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: s.id })
      .from(s)
      .where(and(isNull(s.sentAt), lte(s.nextAttemptAt, now)))
      .orderBy(asc(s.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(s)
      .set({ attempts: sql`${s.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          s.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  if (!claimed.length) return 0;
  const links = await db
    .select({ id: schema.ltiLink.id, lineItemUrl: schema.ltiLink.lineItemUrl, platform: schema.ltiPlatform })
    .from(schema.ltiLink)
    .innerJoin(schema.ltiPlatform, eq(schema.ltiPlatform.id, schema.ltiLink.platformId))
    .where(inArray(schema.ltiLink.id, [...new Set(claimed.map((c) => c.linkId))]));
  const linkOf = new Map(links.map((l) => [l.id, l]));
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (platform: Platform) => {
    let token = tokens.get(platform.id);
    if (!token) tokens.set(platform.id, (token = serviceToken(db, platform, [SCORE_SCOPE])));
    return token;
  };
  let sent = 0;
  for (const row of claimed) {
    const link = linkOf.get(row.linkId);
    try {
      if (!link?.lineItemUrl) throw new PlatformCallError('no_line_item');
      await platformCall(scoresUrl(link.lineItemUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokenFor(link.platform)}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        body: JSON.stringify(row.payload),
      });
      // Sent: unless the record changed while it was on its way (then the newer one goes next).
      await db
        .update(s)
        .set({ sentAt: new Date(), lastError: null })
        .where(and(eq(s.id, row.id), eq(s.updatedAt, row.updatedAt)));
      sent++;
    } catch (err) {
      const kind = err instanceof PlatformCallError ? err.kind : 'error';
      // A token the platform no longer takes: the next try asks for a new one.
      if (kind === 'http_401' && link) forgetServiceToken(db, link.platform, [SCORE_SCOPE]);
      if (!(err instanceof PlatformCallError)) logWarning(null, 'lti: a score could not be sent', err);
      await db
        .update(s)
        .set({ lastError: kind, nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)) })
        .where(and(eq(s.id, row.id), eq(s.updatedAt, row.updatedAt)));
    }
  }
  return sent;
}

/** Sends due scores every 30 s (a round at a time), for the scores whose first try failed. */
export function startScoreRetries(deps: AppDeps): () => void {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    sendDueScores(deps)
      .catch((err: unknown) => logWarning(null, 'lti: a score round failed', err))
      .finally(() => (running = false));
  }, SCORE_RETRY_EVERY_MS);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
