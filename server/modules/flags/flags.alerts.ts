import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { publish } from '../../lib/live';
import { logError } from '../../lib/log';
import { flagAudience } from './flags.service';
import { teacherSchoolOf } from './flags.school';

const f = schema.safetyFlag;

/**
 * Called after a flag is stored (outside its transaction): tells the assigning teacher's live
 * stream and, for self-harm, the school's admins'; a self-harm flag is also e-mailed to each admin
 * of the teacher's school and to the teacher. The e-mail names no student and quotes nothing: it
 * says where to read it. Once per flag: the alert is claimed by setting `alerted_at`, so a second
 * call (or a second process) sends nothing. Never throws: a failure is logged with the flag's id.
 */
export async function alertFlag(deps: AppDeps, flagId: string): Promise<void> {
  try {
    await sendAlert(deps, flagId);
  } catch (err) {
    logError(null, `flag alert ${flagId}`, err);
  }
}

async function sendAlert(deps: AppDeps, flagId: string): Promise<void> {
  const db = deps.database.db;
  const [claimed] = await db
    .update(f)
    .set({ alertedAt: sql`now()` })
    .where(and(eq(f.id, flagId), isNull(f.alertedAt)))
    .returning({ category: f.category, recordId: f.studentAssignmentId });
  if (!claimed?.recordId) return;
  const [record] = await db
    .select({ title: schema.assignment.title, ownerId: schema.assignment.ownerId, ownerEmail: schema.user.email })
    .from(schema.studentAssignment)
    .innerJoin(schema.assignment, eq(schema.assignment.id, schema.studentAssignment.assignmentId))
    .innerJoin(schema.user, eq(schema.user.id, schema.assignment.ownerId))
    .where(eq(schema.studentAssignment.id, claimed.recordId));
  if (!record) return;
  const settings = deps.config;
  for (const userId of await flagAudience(db, record.ownerId, claimed.category, settings)) {
    await publish(db, userId, { type: 'flags' });
  }
  if (claimed.category !== 'self_harm') return;
  const school = await teacherSchoolOf(db, record.ownerId, settings);
  const recipients = [...new Set([...(school?.admins ?? []), record.ownerEmail.toLowerCase()])];
  const mail = selfHarmMail(deps.config.baseUrl, record.title, flagId);
  // Each recipient separately: one failed address does not keep the alert from the others.
  const results = await Promise.allSettled(recipients.map((to) => deps.mailer.send({ to, ...mail })));
  results.forEach((r, i) => {
    if (r.status === 'rejected') logError(null, `flag alert ${flagId}: e-mail ${i + 1} of ${recipients.length} failed`, r.reason);
  });
}

/** The alert's words: the assignment's title and a link, never the student's name or message. */
export function selfHarmMail(baseUrl: string, assignmentTitle: string, flagId: string) {
  const link = `${baseUrl.replace(/\/$/, '')}/flags?flag=${flagId}`;
  const text = `A student's message in ${assignmentTitle} was flagged for self-harm. Open ClassBots to read it and act: ${link}`;
  return { subject: 'ClassBots: a self-harm flag to act on', text: `${text}\n` };
}
