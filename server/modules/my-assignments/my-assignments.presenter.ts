import type { MyAssignment, StudentBotView } from '../../../contract/assignments';
import { isLate } from '../assignments';
import { routeIdsOf } from '../bots';
import { iconOf, sharerName } from '../bots';
import type { RecordView } from './my-assignments.store';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/**
 * The tutor as the student meets it: its public face and route ids only. Never its instructions,
 * knowledge or owner's address. A TutorBot's settings have a welcome message but no starters
 * (contract/bots.ts): starters are read only where a bot's settings carry them.
 */
export function presentStudentBot(bot: RecordView['bot']): StudentBotView {
  const settings = bot.settings;
  return {
    id: bot.id,
    ...routeIdsOf(bot),
    name: bot.name,
    icon: iconOf(bot),
    welcomeMessage: typeof settings.welcomeMessage === 'string' ? settings.welcomeMessage : '',
    starterPrompts: strings(settings.starterPrompts),
  };
}

/** The teacher as a student sees them: a display name, never an address. */
export const teacherNameOf = (view: Pick<RecordView, 'teacherName'>): string | null => sharerName(view.teacherName);

export function presentMyAssignment(view: RecordView, now = new Date()): MyAssignment {
  const { record, assignment } = view;
  return {
    id: record.id,
    assignmentId: record.assignmentId,
    title: assignment.title,
    instructions: assignment.instructions,
    dueAt: assignment.dueAt?.toISOString() ?? null,
    status: record.status,
    late: isLate(record, assignment.dueAt, now),
    closed: assignment.closedAt !== null,
    teacherName: teacherNameOf(view) ?? 'Your teacher',
    feedback: record.feedback,
    feedbackAt: record.feedbackAt?.toISOString() ?? null,
    bot: presentStudentBot(view.bot),
    conversationId: record.conversationId,
    messageBudget: assignment.messageBudget,
    messagesUsed: record.messageCount,
    lastActiveAt: record.lastActiveAt?.toISOString() ?? null,
  };
}
