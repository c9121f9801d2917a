import { and, eq, ne } from 'drizzle-orm';
import { isUuid } from '../../../contract/common';
import { studentReportReasonText, type StudentReportInput, type StudentReportResult } from '../../../contract/flags';
import { classify } from '../../ai/safety';
import { schema } from '../../db/client';
import type { AppDeps, SessionUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import { recordNotFound, studentOwnsRecord } from '../assignments';
import { alertAfter } from '../conversations';
import { insertFlag } from '../conversations';
import { resolveSubscription } from '../../core/plan';
import { message } from '../../lib/message';

/**
 * "Report this answer" on the student tutor page (issue 18, item 5): the student tells their
 * teacher that one of the tutor's replies is wrong or made them uncomfortable. It becomes a flag
 * on the record (source output, detectedBy student), which the assigning teacher reads in Flags
 * with the usual live event; support never sees it. The student's note is stored in the flag's
 * reason (the teacher reads it) and never logged.
 */

const sa = schema.studentAssignment;
const a = schema.assignment;
const m = schema.aiMessage;
const c = schema.conversation;
const f = schema.safetyFlag;

/**
 * Reports are for students: a teacher trying a tutor reports to support from the runner. Decided by
 * the resolved user type, as every other student rule: a school's student whose account says
 * teacher (not on the school's teachers list) is a student here.
 */
export async function assertStudentReporter(deps: AppDeps, user: SessionUser): Promise<void> {
  const sub = await resolveSubscription(deps.database.db, { user, settings: deps.config });
  if (sub.user_type !== 'student') {
    throw new AppError('forbidden', 403, message('studentsReportHere'));
  }
}

const answerNotFound = () => new AppError('not_found', 404, message('answerNotFound'));

/**
 * The flag's words for the teacher: the student's chosen reason, then their own words, if any.
 * A note that the instant check reads as self-harm or safeguarding makes the flag one of those
 * (high), so the teacher and the school's admins get the usual alert.
 */
function flagOf(input: StudentReportInput) {
  const note = input.note?.trim() ?? '';
  const reason = note ? `${studentReportReasonText[input.reason]}: “${note}”` : studentReportReasonText[input.reason];
  const found = note ? classify(note, 'input') : null;
  if (found === 'self_harm' || found === 'safeguarding') return { category: found, severity: 'high' as const, reason };
  return { category: 'reported', severity: input.reason === 'uncomfortable' ? ('medium' as const) : ('low' as const), reason };
}

/**
 * POST /api/my-assignments/:asid/report. The record is the caller's (else 404), the reply an
 * assistant turn of the record's own conversation, the caller's (else 404). The record's row is
 * locked while the report is looked for and stored: a double submit (or a second tab) finds the
 * first report and answers it, so one reply makes one flag.
 */
export async function reportMyReply(
  deps: AppDeps,
  user: SessionUser,
  asid: string,
  input: StudentReportInput,
): Promise<StudentReportResult> {
  const { db } = deps.database;
  if (!isUuid(asid)) throw recordNotFound();
  const outcome = await db.transaction(async (tx) => {
    const [record] = await tx
      .select({ id: sa.id, conversationId: sa.conversationId, teacherId: a.ownerId, botId: a.botId })
      .from(sa)
      .innerJoin(a, eq(a.id, sa.assignmentId))
      .where(and(eq(sa.id, asid), studentOwnsRecord(user.id)))
      .for('update', { of: sa });
    if (!record) throw recordNotFound();
    if (!record.conversationId) throw answerNotFound();
    const [reply] = await tx
      .select({ id: m.id })
      .from(m)
      .innerJoin(c, eq(c.id, m.conversationId))
      .where(
        and(
          eq(m.id, input.messageId),
          eq(m.conversationId, record.conversationId),
          eq(c.ownerId, user.id),
          eq(m.role, 'assistant'),
          ne(m.status, 'superseded'),
        ),
      );
    if (!reply) throw answerNotFound();
    const [earlier] = await tx
      .select({ id: f.id, createdAt: f.createdAt })
      .from(f)
      .where(and(eq(f.studentAssignmentId, record.id), eq(f.messageId, reply.id), eq(f.detectedBy, 'student')))
      .limit(1);
    if (earlier) return { flagId: null, sent: 'before' as const, at: earlier.createdAt };
    const flag = flagOf(input);
    const flagId = await insertFlag(tx, {
      conversationId: record.conversationId,
      studentAssignmentId: record.id,
      messageId: reply.id,
      studentId: user.id,
      teacherId: record.teacherId,
      botId: record.botId,
      ...flag,
      source: 'output',
      detectedBy: 'student',
    });
    const [row] = await tx.select({ at: f.createdAt }).from(f).where(eq(f.id, flagId));
    return { flagId, sent: 'now' as const, at: row?.at ?? new Date() };
  });
  // The teacher's live event (and a self-harm note's e-mails), once, after the commit.
  if (outcome.flagId) alertAfter(deps, outcome.flagId);
  return { sent: outcome.sent, at: outcome.at.toISOString() };
}
