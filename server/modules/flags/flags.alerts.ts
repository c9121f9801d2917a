import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { publish } from '../../core/live';
import { logError, logWarning } from '../../lib/log';
import { accountLocalesByEmail } from '../../core/locale';
import type { Locale } from '../../../contract/locale';
import { formatMessage, message } from '../../lib/message';
import { alertCategories, isAlertCategory } from '../../../contract/flags';
import { flagAudience } from './flags.service';
import { teacherSchoolOf } from './flags.school';

const f = schema.safetyFlag;

/**
 * Called after a flag is stored (outside its transaction): tells the assigning teacher's live
 * stream and, for the alert categories (self-harm, safeguarding), the school's admins'; such a flag is also e-mailed to each admin
 * of the teacher's school and to the teacher. The e-mail names no student and quotes nothing: it
 * says where to read it. Once per flag: the alert is claimed by setting `alerted_at`, so a second
 * call (or a second process) sends nothing. When every e-mail fails, the flag's e-mails are due
 * again (alert_mail_retry_at) and the retry job below sends them, with a backoff, until one goes;
 * the Flags page shows the alert as not sent meanwhile. Never throws: a failure is logged with the
 * flag's id.
 */
export async function alertFlag(deps: AppDeps, flagId: string): Promise<void> {
  try {
    await sendAlert(deps, flagId);
  } catch (err) {
    logError(null, `flag alert ${flagId}`, err);
  }
}

/** How long a claimed send may take before the retry job may take the flag (a process stopped mid-send). */
const SEND_LEASE_MS = 10 * 60_000;
/** The wait after the first round whose e-mails all failed; it doubles each round, up to ALERT_RETRY_MAX_MS. */
export const ALERT_RETRY_FIRST_MS = 60_000;
export const ALERT_RETRY_MAX_MS = 60 * 60_000;
/** How often the retry job looks for alerts due again. */
const ALERT_RETRY_EVERY_MS = 30_000;
/** Flags one round of the job takes at most. */
const ALERT_RETRY_BATCH = 20;

/** The wait before the next try after `failures` rounds in which every e-mail failed. */
export function alertRetryDelay(failures: number): number {
  return Math.min(ALERT_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), ALERT_RETRY_MAX_MS);
}

async function sendAlert(deps: AppDeps, flagId: string): Promise<void> {
  const db = deps.database.db;
  const [claimed] = await db
    .update(f)
    .set({
      alertedAt: sql`now()`,
      // An alert's e-mails are due until they went: if this process stops before sending, the job sends them.
      alertMailRetryAt: sql`case when ${inArray(f.category, [...alertCategories])} then now() + ${`${SEND_LEASE_MS} milliseconds`}::interval end`,
    })
    .where(and(eq(f.id, flagId), isNull(f.alertedAt)))
    .returning({ category: f.category, recordId: f.studentAssignmentId, failures: f.alertMailFailures });
  if (!claimed) return;
  const record = claimed.recordId ? await recordOf(deps, claimed.recordId) : undefined;
  if (!record) {
    await settleMail(deps, flagId, 'gone', claimed.failures);
    return;
  }
  for (const userId of await flagAudience(db, record.ownerId, claimed.category, deps.config)) {
    await publish(db, userId, { type: 'flags' });
  }
  if (!isAlertCategory(claimed.category)) return;
  const outcome = await mailAlert(deps, flagId, record, claimed.category);
  await settleMail(deps, flagId, outcome, claimed.failures);
  // The Flags page shows an alert whose e-mails all failed as unsent: it learns so now.
  if (outcome === 'failed') await tellAudience(deps, record.ownerId);
}

interface AlertRecord {
  title: string;
  ownerId: string;
  ownerEmail: string;
}

async function recordOf(deps: AppDeps, recordId: string): Promise<AlertRecord | undefined> {
  const [record] = await deps.database.db
    .select({ title: schema.assignment.title, ownerId: schema.assignment.ownerId, ownerEmail: schema.user.email })
    .from(schema.studentAssignment)
    .innerJoin(schema.assignment, eq(schema.assignment.id, schema.studentAssignment.assignmentId))
    .innerJoin(schema.user, eq(schema.user.id, schema.assignment.ownerId))
    .where(eq(schema.studentAssignment.id, recordId));
  return record;
}

async function tellAudience(deps: AppDeps, ownerId: string) {
  const db = deps.database.db;
  for (const userId of await flagAudience(db, ownerId, 'self_harm', deps.config)) await publish(db, userId, { type: 'flags' });
}

/**
 * The self-harm e-mails, to each admin of the teacher's school and to the teacher: 'sent' when at
 * least one went (someone who can act has it), 'failed' when every one failed.
 */
async function mailAlert(deps: AppDeps, flagId: string, record: AlertRecord, category: string): Promise<'sent' | 'failed'> {
  const school = await teacherSchoolOf(deps.database.db, record.ownerId, deps.config);
  const recipients = [...new Set([...(school?.admins ?? []), record.ownerEmail.toLowerCase()])];
  const locales = await accountLocalesByEmail(deps.database.db, recipients);
  // Each recipient separately, in their account's language: one failed address does not keep the alert from the others.
  const results = await Promise.allSettled(
    recipients.map((to) =>
      deps.mailer.send({ to, ...alertMail(deps.config.baseUrl, record.title, flagId, locales.get(to.toLowerCase()) ?? 'en', category) }),
    ),
  );
  results.forEach((r, i) => {
    if (r.status === 'rejected') logError(null, `flag alert ${flagId}: e-mail ${i + 1} of ${recipients.length} failed`, r.reason);
  });
  return results.some((r) => r.status === 'fulfilled') ? 'sent' : 'failed';
}

/** Records how the e-mails went: done (sent, or nobody left to tell), or due again after the backoff. */
async function settleMail(deps: AppDeps, flagId: string, outcome: 'sent' | 'failed' | 'gone', failuresBefore: number, now = new Date()) {
  const failures = failuresBefore + (outcome === 'failed' ? 1 : 0);
  await deps.database.db
    .update(f)
    .set({
      alertMailFailures: failures,
      alertMailRetryAt: outcome === 'failed' ? new Date(now.getTime() + alertRetryDelay(failures)) : null,
    })
    .where(eq(f.id, flagId));
}

/**
 * One round of the retry job: the self-harm alerts whose e-mails are due again (all failed last
 * time, or a process stopped mid-send) are claimed (FOR UPDATE SKIP LOCKED, their next try moved
 * past the send lease so no other process takes them meanwhile) and sent again. Returns how many
 * went out and how many failed again. Tests call it with `now` in the future instead of waiting.
 */
export async function retryUnsentAlerts(deps: AppDeps, now = new Date()): Promise<{ sent: number; failed: number }> {
  const db = deps.database.db;
  const due = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: f.id, recordId: f.studentAssignmentId, failures: f.alertMailFailures, category: f.category })
      .from(f)
      .where(and(isNotNull(f.alertMailRetryAt), lte(f.alertMailRetryAt, now)))
      .orderBy(asc(f.alertMailRetryAt))
      .limit(ALERT_RETRY_BATCH)
      .for('update', { skipLocked: true });
    if (rows.length) {
      await tx
        .update(f)
        .set({ alertMailRetryAt: new Date(now.getTime() + SEND_LEASE_MS) })
        .where(
          inArray(
            f.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
  const round = { sent: 0, failed: 0 };
  for (const flag of due) {
    try {
      const record = flag.recordId ? await recordOf(deps, flag.recordId) : undefined;
      const outcome = record ? await mailAlert(deps, flag.id, record, flag.category) : 'gone';
      await settleMail(deps, flag.id, outcome, flag.failures, now);
      if (outcome === 'failed') round.failed++;
      if (outcome === 'sent') round.sent++;
      // The chip "not sent" goes (or stays) on the Flags pages of everyone who reads it.
      if (record) await tellAudience(deps, record.ownerId);
    } catch (err) {
      round.failed++;
      logError(null, `flag alert ${flag.id}: retry failed`, err);
    }
  }
  return round;
}

/**
 * Starts the retry of self-harm alerts whose e-mails all failed (server/jobs.ts): every 30 s, the
 * flags whose next try is due, with a backoff from a minute doubling to an hour, until one e-mail
 * goes. Safe in several processes at once. Returns stop.
 */
export function startAlertRetries(deps: AppDeps): () => void {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    retryUnsentAlerts(deps)
      .catch((err: unknown) => logWarning(null, 'flags: an alert retry round failed', err))
      .finally(() => (running = false));
  }, ALERT_RETRY_EVERY_MS);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** The alert's words: the assignment's title and a link, never the student's name or message. */
export function alertMail(baseUrl: string, assignmentTitle: string, flagId: string, locale: Locale = 'en', category = 'self_harm') {
  const link = `${baseUrl.replace(/\/$/, '')}/flags?flag=${flagId}`;
  const values = { title: assignmentTitle, link };
  // The safeguarding alert says staff may have to report it, following the school's guidance.
  const [subject, text] =
    category === 'safeguarding'
      ? [message('mailSafeguardingSubject'), message('mailSafeguardingText', values)]
      : [message('mailSelfHarmSubject'), message('mailSelfHarmText', values)];
  return { subject: formatMessage(subject, locale), text: `${formatMessage(text, locale)}\n` };
}

/** The self-harm alert's words (kept under its old name for its callers). */
export const selfHarmMail = (baseUrl: string, assignmentTitle: string, flagId: string, locale: Locale = 'en') =>
  alertMail(baseUrl, assignmentTitle, flagId, locale, 'self_harm');
