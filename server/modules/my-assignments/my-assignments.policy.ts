import { AppError, conflict } from '../../lib/errors';
import type { RecordView } from './my-assignments.store';
import { message } from '../../lib/message';

/**
 * What a student may do with their own record (reaching it at all is `studentOwnsRecord`, in every
 * query). Reading is always allowed; writing to the tutor needs an open assignment, a record not
 * handed in, a tutor that still exists and messages left in the budget (docs/decisions/120-the-students-tutor-run.md).
 */

const closed = () => conflict(message('assignmentClosedByTeacher'));
const tutorGone = () => conflict(message('tutorGone'));

/** Start: the assignment is open and its tutor still there. */
export function assertMayStart(view: RecordView): void {
  if (view.assignment.closedAt) throw closed();
  if (view.bot.deletedAt) throw tutorGone();
}

/** A new message (not a repeat of one already sent): all of Start's rules, not handed in, under the budget. */
export function assertMayCompose(view: RecordView): void {
  assertMayStart(view);
  if (view.record.status === 'submitted') {
    throw conflict(message('handedIn'));
  }
  if (view.record.status === 'completed') {
    throw conflict(message('markedCompleted'));
  }
  const budget = view.assignment.messageBudget;
  if (budget !== null && view.record.messageCount >= budget) {
    throw new AppError('budget_exhausted', 409, message('budgetExhausted', { budget }), { fields: { budget: String(budget) } });
  }
}

/** How often a student may ask for a new answer to one message of an assignment with a budget. */
export const RETRIES_PER_TURN = 2;

/**
 * A retry of the tutor's last reply (Regenerate): not counted as a message, but refused whenever a
 * new message would be (closed, handed in, budget used up), and on an assignment with a budget
 * after RETRIES_PER_TURN retries of the same message, so the budget bounds the replies a student
 * draws from the teacher's allowance (docs/decisions/120-the-students-tutor-run.md). `retriesOfTurn`: those made already.
 */
export function assertMayRetry(view: RecordView, retriesOfTurn: number): void {
  assertMayCompose(view);
  if (view.assignment.messageBudget !== null && retriesOfTurn >= RETRIES_PER_TURN) {
    throw conflict(message('retryLimit', { times: RETRIES_PER_TURN }));
  }
}

/** "I'm done": while the assignment is open (handing in twice is not an error). */
export function assertMaySubmit(view: RecordView): void {
  if (view.assignment.closedAt) throw closed();
}

/**
 * The quota error of a student's run names their teacher: the allowance is the teacher's, and
 * only the teacher can do something about it. Other errors pass through unchanged.
 */
export function studentQuotaError(err: unknown, teacherName: string | null): unknown {
  if (!(err instanceof AppError) || err.code !== 'quota_exceeded') return err;
  return new AppError(
    'quota_exceeded',
    429,
    teacherName ? message('teacherAllowanceNamed', { name: teacherName }) : message('teacherAllowance'),
    { fields: { ...err.options.fields, upgrade: '', teacherName: teacherName ?? '' } },
  );
}
