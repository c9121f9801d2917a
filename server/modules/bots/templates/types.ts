import type { ChatBotSettings, DocBotSettings, FormInput, TutorBotSettings } from '../../../../contract/bots';

/**
 * Every built-in template's key. A new template adds its key here, and the Spanish overlay
 * (es.ts, a record over these keys) then fails to compile until it has the template's texts.
 */
export const templateKeys = [
  'doc.lesson-plan',
  'doc.unit-plan',
  'doc.worksheet',
  'doc.quiz',
  'doc.rubric',
  'doc.exit-ticket',
  'doc.reading-passage',
  'doc.differentiated-text',
  'doc.vocabulary-list',
  'doc.parent-email',
  'doc.accommodations',
  'doc.report-card-comments',
  'chat.lesson-ideas',
  'chat.classroom-management',
  'chat.differentiation',
  'chat.communication',
  'chat.standards-unpacker',
  'tutor.socratic-math',
  'tutor.writing-coach',
  'tutor.science-explainer',
  'tutor.vocabulary-quiz',
  'tutor.reading-detective',
] as const;
export type TemplateKey = (typeof templateKeys)[number];

interface TemplateBase {
  /** Stable forever: the sync matches rows on it. */
  key: TemplateKey;
  /** Raise it when the text changes; the sync rewrites the built-in row (never a teacher's copy). */
  version: number;
  name: string;
  description: string;
  icon: string;
  instructions: string;
  temperature: number;
}

export type BuiltinTemplate =
  | (TemplateBase & { kind: 'DocBot'; settings: DocBotSettings })
  | (TemplateBase & { kind: 'ChatBot'; settings: ChatBotSettings })
  | (TemplateBase & { kind: 'TutorBot'; settings: TutorBotSettings });

export type DocTemplate = Extract<BuiltinTemplate, { kind: 'DocBot' }>;
export type ChatTemplate = Extract<BuiltinTemplate, { kind: 'ChatBot' }>;
export type TutorTemplate = Extract<BuiltinTemplate, { kind: 'TutorBot' }>;

/** The subjects every DocBot template offers (docs/product/tutors-and-document-bots.md#docbot-forms). */
export const SUBJECTS = [
  'ELA',
  'Math',
  'Science',
  'Social Studies',
  'World Languages',
  'Arts',
  'Health/PE',
  'Computer Science',
  'Other',
] as const;

/**
 * Every DocBot template's form: grade and subject first, then its own fields, then standard and
 * notes. A document about a class asks grade and subject; one to a family (`forFamily`) asks
 * none of grade, subject or standard, since an e-mail home has none of them. The subject is never preset.
 */
export function docForm(extra: FormInput[], { forFamily = false }: { forFamily?: boolean } = {}): FormInput[] {
  const classFields: FormInput[] = [
    { key: 'grade', label: 'Grade level', kind: 'grade_level', required: true },
    // Not preset and not required: left empty, the model takes the subject from the topic.
    { key: 'subject', label: 'Subject', kind: 'select', required: false, options: [...SUBJECTS] },
  ];
  return [
    ...(forFamily ? [] : classFields),
    ...extra,
    ...(forFamily
      ? []
      : [
          {
            key: 'standard',
            label: 'Standard (optional)',
            kind: 'text',
            required: false,
            help: 'Paste the code and its wording; the bot will not make one up.',
          } satisfies FormInput,
        ]),
    { key: 'notes', label: 'Anything else (optional)', kind: 'long_text', required: false },
  ];
}

/** Shown under fields about a student: names never go to the AI provider (docs/product/safety.md#names-never-reach-the-ai-provider). */
export const NO_NAMES_HELP = "Don't type students' real names; the text uses [Student].";
