import { and, eq, isNull } from 'drizzle-orm';
import type { InviteSentResult } from '../../../contract/classes';
import type { Locale } from '../../../contract/locale';
import { releaseRate, reserveRate, type RateCounter, type RateReservation, type RateRule } from '../../auth/rate-limit';
import type { AppDeps } from '../../core/context';
import { accountLocalesByEmail } from '../../core/locale';
import { schema, type Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { logError } from '../../lib/log';
import { isUndeliverable, type Mail } from '../../lib/mailer';
import { sharerName } from '../bots';
import { classNotFound, ownClass, type ClassActor } from './classes.policy';
import { invitationMail } from './classes.invite-mail';

/**
 * Invitations (decision 282): the e-mail a student newly put on a roster by the teacher (add or
 * paste, when asked) gets, and the teacher's "Send again" of one. Sent after the answer and never
 * awaited by it: a mail server that is down or slow neither fails nor holds up the add. A failure
 * is logged with the class (or entry) id and the error's code, never an address.
 */

const k = schema.teacherClass;
const r = schema.rosterEntry;

/** "Send again" for one student: three a day, so a teacher can retry a typo'd mailbox, never mail-bomb one. */
export const INVITE_AGAIN_PER_STUDENT: RateRule = { window: 24 * 60 * 60_000, max: 3 };
/** "Send again" by one teacher, all students together: a few classes' worth a day. */
export const INVITE_AGAIN_PER_TEACHER: RateRule = { window: 24 * 60 * 60_000, max: 100 };
/** Mails of one add in flight at once: an SMTP server is not flooded by a paste of 500. */
const SENDS_AT_ONCE = 4;

interface ClassFacts {
  classLabel: string;
  teacherName: string | null;
  /** The class's language, else the teacher's own, else English. */
  locale: Locale;
}

async function classFacts(db: Db, classId: string): Promise<ClassFacts | undefined> {
  const u = schema.user;
  const [row] = await db
    .select({ name: k.name, section: k.section, classLocale: k.defaultLocale, teacherName: u.name, teacherLocale: u.locale })
    .from(k)
    .innerJoin(u, eq(u.id, k.ownerId))
    .where(eq(k.id, classId));
  if (!row) return undefined;
  return {
    classLabel: row.section ? `${row.name} · ${row.section}` : row.name,
    // As a join names the teacher: a display name, never an address left as one.
    teacherName: sharerName(row.teacherName),
    locale: row.classLocale ?? row.teacherLocale ?? 'en',
  };
}

/** The invitation to one address: in the recipient's own language when their account chose one, else the class's. */
function mailTo(deps: AppDeps, facts: ClassFacts, email: string, chosen: Map<string, Locale>): Mail {
  const signInUrl = `${deps.config.baseUrl.replace(/\/+$/, '')}/`;
  return { to: email, ...invitationMail(chosen.get(email) ?? facts.locale, { ...facts, signInUrl, email }) };
}

// The sends still running per mailer (so per app: a test's own), for tests and a graceful stop to wait on.
const running = new WeakMap<object, Set<Promise<void>>>();

/**
 * Starts the invitations of entries just added to a class (their transaction committed) and answers
 * how many it is sending, without waiting for them. Addresses under `.invalid` (a course's
 * placeholders) are skipped.
 */
export function startInvitations(deps: AppDeps, classId: string, entries: readonly { id: string; email: string }[]): number {
  const to = entries.filter((e) => !isUndeliverable(e.email));
  if (!to.length) return 0;
  const sending = sendInvitations(deps, classId, to).catch((err: unknown) =>
    logError(null, `class ${classId}: the invitations could not be prepared`, err),
  );
  const set = running.get(deps.mailer) ?? new Set();
  running.set(deps.mailer, set);
  set.add(sending);
  void sending.finally(() => set.delete(sending));
  return to.length;
}

/** Resolves when every invitation this app started has been sent or has failed. */
export async function invitationsSettled(deps: Pick<AppDeps, 'mailer'>): Promise<void> {
  const set = running.get(deps.mailer);
  while (set?.size) await Promise.allSettled([...set]);
}

async function sendInvitations(deps: AppDeps, classId: string, entries: { id: string; email: string }[]): Promise<void> {
  const db = deps.database.db;
  const facts = await classFacts(db, classId);
  if (!facts) return; // Deleted since: nobody is invited to a class that is gone.
  const chosen = await accountLocalesByEmail(
    db,
    entries.map((e) => e.email),
  );
  const queue = [...entries];
  let failed = 0;
  let firstError: unknown;
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      try {
        await deps.mailer.send(mailTo(deps, facts, entry.email, chosen));
      } catch (err) {
        if (failed++ === 0) firstError = err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, entries.length) }, worker));
  // One line for the batch: the count and the first error's code, never an address.
  if (failed) logError(null, `class ${classId}: ${failed} of ${entries.length} invitation e-mails failed`, firstError);
}

const againCounters = (actor: ClassActor, entryId: string): [RateCounter, RateCounter] => [
  { key: `classes/invite:entry:${entryId}`, rule: INVITE_AGAIN_PER_STUDENT },
  { key: `classes/invite:user:${actor.userId}`, rule: INVITE_AGAIN_PER_TEACHER },
];

const hoursOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 3600));

/**
 * "Send again" (POST /api/classes/:id/students/:studentId/invite): the invitation to one current
 * student of the actor's class, sent before the answer so the teacher learns whether it went. Room
 * is taken on both counters first (429 with Retry-After when either is full, nothing counted); a
 * mail that fails gives the room back and answers 503.
 */
export async function inviteAgain(deps: AppDeps, actor: ClassActor, classId: string, entryId: string): Promise<InviteSentResult> {
  const db = deps.database.db;
  const [cls] = await db.select({ id: k.id }).from(k).where(ownClass(actor, classId));
  if (!cls) throw classNotFound();
  const [entry] = await db
    .select({ id: r.id, email: r.email })
    .from(r)
    .where(and(eq(r.id, entryId), eq(r.classId, classId), isNull(r.removedAt)));
  if (!entry) throw notFound(message('studentNotFound'));
  if (isUndeliverable(entry.email)) throw new AppError('validation_failed', 422, message('inviteNoAddress'));

  const [perStudent, perTeacher] = againCounters(actor, entry.id);
  const student = await reserveRate(db, perStudent, 1);
  if (!student.allowed) {
    const hours = hoursOf(student.retryAfter);
    throw new AppError('rate_limited', 429, message('inviteAgainStudentLimit', { max: INVITE_AGAIN_PER_STUDENT.max, hours }), {
      headers: { 'Retry-After': String(student.retryAfter) },
    });
  }
  const teacher = await reserveRate(db, perTeacher, 1);
  if (!teacher.allowed) {
    await releaseRate(db, perStudent, student, 1);
    const hours = hoursOf(teacher.retryAfter);
    throw new AppError('rate_limited', 429, message('inviteAgainTeacherLimit', { max: INVITE_AGAIN_PER_TEACHER.max, hours }), {
      headers: { 'Retry-After': String(teacher.retryAfter) },
    });
  }

  const facts = (await classFacts(db, classId))!;
  try {
    await deps.mailer.send(mailTo(deps, facts, entry.email, await accountLocalesByEmail(db, [entry.email])));
  } catch (err) {
    logError(null, `roster entry ${entry.id}: the invitation e-mail failed`, err);
    await giveBack(db, [
      [perStudent, student],
      [perTeacher, teacher],
    ]);
    throw new AppError('unavailable', 503, message('inviteNotSent'));
  }
  return { sent: true };
}

async function giveBack(db: Db, taken: [RateCounter, RateReservation][]): Promise<void> {
  for (const [counter, reservation] of taken) await releaseRate(db, counter, reservation, 1).catch(() => undefined);
}
