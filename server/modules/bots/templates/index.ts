import { assessmentDocBots } from './docbots-assessment';
import { familyDocBots } from './docbots-family';
import { literacyDocBots } from './docbots-literacy';
import { planningDocBots } from './docbots-planning';
import { chatTemplates } from './chatbots';
import { tutorTemplates } from './tutorbots';
import type { BuiltinTemplate } from './types';

/** Every built-in template, in the order the Templates tab lists them within a kind. */
export const builtinTemplates: readonly BuiltinTemplate[] = [
  ...planningDocBots,
  ...assessmentDocBots,
  ...literacyDocBots,
  ...familyDocBots,
  ...chatTemplates,
  ...tutorTemplates,
];

/**
 * The start page's order: the templates a teacher reaches for most often in a week (plan, check,
 * practise, tell families), then one of each other kind early so the start page shows that chats
 * and tutors exist. Templates not named here follow in the order above.
 */
export const featuredTemplateKeys: readonly string[] = [
  'doc.lesson-plan',
  'doc.quiz',
  'doc.worksheet',
  'chat.lesson-ideas',
  'doc.parent-email',
  'tutor.socratic-math',
  'doc.rubric',
  'doc.exit-ticket',
  'doc.differentiated-text',
  'doc.reading-passage',
  'doc.report-card-comments',
  'chat.differentiation',
  'tutor.writing-coach',
];

const rankOf = new Map<string, number>([
  ...featuredTemplateKeys.map((k, i) => [k, i] as const),
  ...builtinTemplates.filter((t) => !featuredTemplateKeys.includes(t.key)).map((t, i) => [t.key, featuredTemplateKeys.length + i] as const),
]);

/** Where a template comes on the start page (lower first); a key no longer shipped comes last. */
export function templateRank(key: string | null): number {
  return (key !== null ? rankOf.get(key) : undefined) ?? Number.MAX_SAFE_INTEGER;
}

export type { BuiltinTemplate } from './types';
