import type { APIRequestContext } from 'playwright-core';
import { call } from '../fixtures/api';
import { users } from '../fixtures/users';

export { call };

/** The end of the day `days` from today, in this machine's zone (the browser's too), as the teacher's page sends it. */
export function endOfDayIn(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(23, 59, 0, 0);
  return d.toISOString();
}

export interface SeededAssignment {
  assignmentId: string;
  title: string;
}

/**
 * Through the teacher's own API (the premium teacher's session): a class with the e2e student (or `student`) on
 * its roster (linked at once: the student's address is verified), then an assignment of a TutorBot
 * template to that class.
 */
export async function seedAssignment(
  teacher: APIRequestContext,
  options: {
    title: string;
    dueAt: string | null;
    messageBudget: number | null;
    instructions?: string;
    template?: string;
    /** Whom the class rosters (the e2e student when not given). */
    student?: { email: string; name: string };
  },
): Promise<SeededAssignment> {
  const cls = await call<{ id: string }>(teacher, 'POST', '/api/classes', { name: `Class for ${options.title}`.slice(0, 80) });
  await call(teacher, 'POST', `/api/classes/${cls.id}/students`, {
    students: [{ email: (options.student ?? users.student).email, name: (options.student ?? users.student).name }],
  });
  const templates = await call<{ items: { id: string; name: string }[] }>(
    teacher,
    'GET',
    '/api/bots?kind=TutorBot&tab=templates&limit=100',
  );
  const bot = templates.items.find((b) => b.name === (options.template ?? 'Socratic Math Tutor'));
  if (!bot) throw new Error('the TutorBot template is missing');
  const made = await call<{ id: string }>(teacher, 'POST', '/api/assignments', {
    botId: bot.id,
    title: options.title,
    instructions: options.instructions ?? '',
    dueAt: options.dueAt,
    messageBudget: options.messageBudget,
    classIds: [cls.id],
  });
  return { assignmentId: made.id, title: options.title };
}

/** The teacher writes feedback on the e2e student's record of an assignment, and may hand it back. */
export async function leaveFeedback(teacher: APIRequestContext, assignmentId: string, feedback: string, handBack: boolean) {
  const detail = await call<{ students: { id: string; email: string; version: number }[] }>(
    teacher,
    'GET',
    `/api/assignments/${assignmentId}`,
  );
  const record = detail.students.find((r) => r.email === users.student.email);
  if (!record) throw new Error('the student has no record of this assignment');
  await call(teacher, 'PATCH', `/api/assignments/${assignmentId}/students/${record.id}`, {
    version: record.version,
    feedback,
    ...(handBack ? { status: 'in_progress' } : {}),
  });
}
