import type { MyAssignment, StudentBotView } from '../../../contract/assignments';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale';
import { isLate } from '../assignments';
import { routeIdsOf } from '../bots';
import { iconOf, sharerName, templateInLocale } from '../bots';
import type { RecordView } from './my-assignments.store';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/**
 * The tutor as the student meets it: its public face and route ids only. Never its instructions,
 * knowledge or owner's address. A TutorBot's settings have a welcome message but no starters
 * (contract/bots.ts): starters are read only where a bot's settings carry them. A built-in
 * template's name and welcome message read in `locale` (bots/templates/es.ts).
 */
export function presentStudentBot(stored: RecordView['bot'], locale: Locale = DEFAULT_LOCALE): StudentBotView {
  const bot = templateInLocale(stored, locale);
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

export function presentMyAssignment(view: RecordView, now = new Date(), locale: Locale = DEFAULT_LOCALE): MyAssignment {
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
    bot: presentStudentBot(view.bot, locale),
    conversationId: record.conversationId,
    messageBudget: assignment.messageBudget,
    messagesUsed: record.messageCount,
    lastActiveAt: record.lastActiveAt?.toISOString() ?? null,
  };
}
