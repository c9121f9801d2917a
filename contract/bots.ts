import { z } from 'zod';
import { boundedInt, INT32_MAX, pageCursor, text, uuid } from './common';

/**
 * Bots: the three kinds (docs/product/bots.md), their editors' inputs, the library's pages and
 * collections. Messages are written for the teacher filling in the editor.
 */

export const botKinds = ['DocBot', 'ChatBot', 'TutorBot'] as const;
export const botKind = z.enum(botKinds, { error: 'Choose DocBot, ChatBot or TutorBot.' });
export type BotKind = z.infer<typeof botKind>;

export const botVisibility = z.enum(['private', 'school', 'public'], { error: 'Choose private, school or public.' });
export type BotVisibility = z.infer<typeof botVisibility>;

export const tutoringStyles = ['socratic', 'explain_then_check', 'practice_quiz'] as const;
export const tutoringStyle = z.enum(tutoringStyles, { error: 'Choose Socratic, explain then check, or practice quiz.' });
export type TutoringStyle = z.infer<typeof tutoringStyle>;

/** The choices of a grade-level field, in order. */
export const gradeLevels = [
  'Pre-K',
  'Kindergarten',
  'Grade 1',
  'Grade 2',
  'Grade 3',
  'Grade 4',
  'Grade 5',
  'Grade 6',
  'Grade 7',
  'Grade 8',
  'Grade 9',
  'Grade 10',
  'Grade 11',
  'Grade 12',
  'Higher education',
  'Adult education',
] as const;
export const gradeLevel = z.enum(gradeLevels, { error: 'Choose a grade level from the list.' });
export type GradeLevel = z.infer<typeof gradeLevel>;

/** Limits the editors show and the server enforces. */
export const BOT_LIMITS = {
  name: 80,
  description: 500,
  instructions: 20_000,
  knowledgeFiles: 20,
  formInputs: 30,
  inputLabel: 80,
  inputHelp: 200,
  selectOptions: 30,
  optionChars: 100,
  textValue: 2_000,
  longTextValue: 10_000,
  outputFormat: 5_000,
  welcomeMessage: 2_000,
  starterPrompts: 6,
  starterPromptChars: 200,
  subject: 80,
  learningObjectives: 2_000,
  completionCriteria: 1_000,
  quizLength: 20,
  collectionName: 60,
} as const;

const L = BOT_LIMITS;

const emojiLike = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)+$/u;
const hasPictograph = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** A bot's icon: an emoji, or an uploaded image of the owner's (purpose icon or image). */
export const botIcon = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('emoji'),
    emoji: text({ trim: true, min: 1, max: 16, tooShort: 'Choose an emoji.', tooLong: 'Choose a single emoji.' }).refine(
      (s) => emojiLike.test(s) && hasPictograph.test(s),
      'The icon must be an emoji, or upload an image instead.',
    ),
  }),
  z.object({ type: z.literal('image'), fileId: uuid('The icon image was not uploaded correctly; upload it again.') }),
]);
export type BotIcon = z.infer<typeof botIcon>;

// ---------- DocBot form inputs ----------

export const formInputKinds = ['text', 'long_text', 'number', 'select', 'grade_level'] as const;

const inputBase = {
  key: z
    .string()
    .regex(
      /^[a-z][a-z0-9_]{0,39}$/,
      'A field key uses lower-case letters, digits and _ , starts with a letter and has at most 40 characters.',
    ),
  label: text({
    trim: true,
    min: 1,
    max: L.inputLabel,
    tooShort: 'Give this field a label.',
    tooLong: `Keep the label to ${L.inputLabel} characters or fewer.`,
  }),
  required: z.boolean().default(false),
  /** A line under the field, such as "Do not type students' real names". */
  help: text({ trim: true, max: L.inputHelp, tooLong: `Keep the help text to ${L.inputHelp} characters or fewer.` }).optional(),
};

const option = text({
  trim: true,
  min: 1,
  max: L.optionChars,
  tooShort: 'An option cannot be empty.',
  tooLong: `Keep each option to ${L.optionChars} characters or fewer.`,
});
const numberValue = z.number({ error: 'This must be a number.' }).finite('This must be a number.');

export const formInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...inputBase,
      kind: z.literal('text'),
      default: text({ max: L.textValue, tooLong: `Keep the default to ${L.textValue} characters or fewer.` }).optional(),
    }),
    z.object({
      ...inputBase,
      kind: z.literal('long_text'),
      default: text({ max: L.longTextValue, tooLong: `Keep the default to ${L.longTextValue} characters or fewer.` }).optional(),
    }),
    z.object({
      ...inputBase,
      kind: z.literal('number'),
      default: z
        .number({ error: 'The default of a number field must be a number.' })
        .finite('The default of a number field must be a number.')
        .optional(),
      min: numberValue.optional(),
      max: numberValue.optional(),
      /** Shown after the box, such as "minutes". */
      unit: text({ trim: true, max: 20, tooLong: 'Keep the unit to 20 characters or fewer.' }).optional(),
    }),
    z.object({
      ...inputBase,
      kind: z.literal('select'),
      options: z
        .array(option)
        .min(1, 'A list needs at least one option.')
        .max(L.selectOptions, `A list can have at most ${L.selectOptions} options.`),
      // No default means the teacher picks one each run (a required list is then asked, not guessed).
      default: text({ max: L.optionChars }).optional(),
      /**
       * What the reader sees for each option, in the page's language, one per option in order. Set
       * only where a built-in template is presented in Spanish (templates/es.ts); the option itself
       * stays what is stored and what the model reads.
       */
      optionLabels: z.array(option).max(L.selectOptions).optional(),
    }),
    z.object({ ...inputBase, kind: z.literal('grade_level'), default: gradeLevel.optional() }),
  ],
  { error: 'Choose a field type: text, long text, number, list or grade level.' },
);
export type FormInput = z.infer<typeof formInput>;

function checkFormInputs(inputs: FormInput[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  inputs.forEach((input, i) => {
    if (seen.has(input.key))
      ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `Two fields use the key "${input.key}"; keys must be different.` });
    seen.add(input.key);
    if (input.kind === 'select') {
      const lower = input.options.map((o) => o.toLowerCase());
      lower.forEach((o, j) => {
        if (lower.indexOf(o) !== j)
          ctx.addIssue({ code: 'custom', path: [i, 'options', j], message: `"${input.options[j]}" is listed twice.` });
      });
      if (input.optionLabels !== undefined && input.optionLabels.length !== input.options.length) {
        ctx.addIssue({ code: 'custom', path: [i, 'optionLabels'], message: 'Give one label for each option.' });
      }
      if (input.default !== undefined && !input.options.includes(input.default)) {
        ctx.addIssue({ code: 'custom', path: [i, 'default'], message: 'The default must be one of the options.' });
      }
    }
    if (input.kind === 'number') {
      if (input.min !== undefined && input.max !== undefined && input.min > input.max) {
        ctx.addIssue({ code: 'custom', path: [i, 'max'], message: 'The largest value must not be below the smallest.' });
      }
      const d = input.default;
      if (d !== undefined && ((input.min !== undefined && d < input.min) || (input.max !== undefined && d > input.max))) {
        ctx.addIssue({ code: 'custom', path: [i, 'default'], message: 'The default must lie between the smallest and largest values.' });
      }
    }
  });
}

export const docBotSettings = z.object({
  formInputs: z
    .array(formInput)
    .max(L.formInputs, `A form can have at most ${L.formInputs} fields.`)
    .default([])
    .superRefine(checkFormInputs),
  /** How the document should be laid out: headings, tables, sections. */
  outputFormat: text({
    max: L.outputFormat,
    tooLong: `Keep the output format to ${L.outputFormat.toLocaleString('en-US')} characters or fewer.`,
  }).default(''),
  canGenerateImages: z.boolean().default(false),
});
export type DocBotSettings = z.infer<typeof docBotSettings>;

const welcomeMessage = text({
  trim: true,
  max: L.welcomeMessage,
  tooLong: `Keep the welcome message to ${L.welcomeMessage.toLocaleString('en-US')} characters or fewer.`,
}).default('');

export const chatBotSettings = z.object({
  welcomeMessage,
  starterPrompts: z
    .array(
      text({
        trim: true,
        min: 1,
        max: L.starterPromptChars,
        tooShort: 'A starter prompt cannot be empty.',
        tooLong: `Keep each starter prompt to ${L.starterPromptChars} characters or fewer.`,
      }),
    )
    .max(L.starterPrompts, `Offer at most ${L.starterPrompts} starter prompts.`)
    .default([]),
});
export type ChatBotSettings = z.infer<typeof chatBotSettings>;

export const tutorBotSettings = z.object({
  subject: text({ trim: true, max: L.subject, tooLong: `Keep the subject to ${L.subject} characters or fewer.` }).default(''),
  gradeLevel: gradeLevel.nullable().default(null),
  learningObjectives: text({
    trim: true,
    max: L.learningObjectives,
    tooLong: `Keep the learning objectives to ${L.learningObjectives.toLocaleString('en-US')} characters or fewer.`,
  }).default(''),
  tutoringStyle: tutoringStyle.default('socratic'),
  completionCriteria: text({
    trim: true,
    max: L.completionCriteria,
    tooLong: `Keep the completion criteria to ${L.completionCriteria.toLocaleString('en-US')} characters or fewer.`,
  }).default(''),
  welcomeMessage,
  /** Questions per round of a practice quiz; the tutor summarises after this many. */
  quizLength: boundedInt(1, L.quizLength, {
    notNumber: 'The quiz length must be a number.',
    notWhole: 'The quiz length must be a whole number.',
    tooSmall: 'A quiz has at least 1 question.',
    tooLarge: `A quiz round has at most ${L.quizLength} questions.`,
  }).default(5),
});
export type TutorBotSettings = z.infer<typeof tutorBotSettings>;

// ---------- Add, edit, copy ----------

const commonFields = {
  name: text({
    trim: true,
    min: 1,
    max: L.name,
    required: 'Give the bot a name.',
    tooShort: 'Give the bot a name.',
    tooLong: `Keep the name to ${L.name} characters or fewer.`,
  }),
  description: text({ trim: true, max: L.description, tooLong: `Keep the description to ${L.description} characters or fewer.` }).default(
    '',
  ),
  icon: botIcon.nullable().default(null),
  instructions: text({
    max: L.instructions,
    tooLong: `Keep the instructions to ${L.instructions.toLocaleString('en-US')} characters or fewer.`,
  }).default(''),
  knowledgeFileIds: z
    .array(uuid('A knowledge file was not uploaded correctly; remove it and upload it again.'))
    .max(L.knowledgeFiles, `A bot can have at most ${L.knowledgeFiles} knowledge files.`)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'The same knowledge file is attached twice.'),
  temperature: z
    .number({ error: 'Creativity must be a number from 0 to 2.' })
    .min(0, 'Creativity goes from 0 (focused) to 2 (inventive).')
    .max(2, 'Creativity goes from 0 (focused) to 2 (inventive).')
    .default(0.7),
  collectionId: uuid('Choose a collection from the list.').nullable().default(null),
};

const createOnly = {
  visibility: botVisibility.default('private'),
  /** The bot this one is a copy of (the editor's copy mode); it must be one the caller may see. */
  copiedFrom: uuid().nullable().default(null),
};

const docBotFields = z.object({ kind: z.literal('DocBot'), ...commonFields, settings: docBotSettings.default(docBotSettings.parse({})) });
const chatBotFields = z.object({
  kind: z.literal('ChatBot'),
  ...commonFields,
  settings: chatBotSettings.default(chatBotSettings.parse({})),
});
const tutorBotFields = z.object({
  kind: z.literal('TutorBot'),
  ...commonFields,
  settings: tutorBotSettings.default(tutorBotSettings.parse({})),
});
const kindError = { error: 'Choose DocBot, ChatBot or TutorBot.' };

/** POST /api/bots: a new bot of the caller's (add, or the editor's copy mode with copiedFrom). */
export const createBotInput = z.discriminatedUnion(
  'kind',
  [docBotFields.extend(createOnly), chatBotFields.extend(createOnly), tutorBotFields.extend(createOnly)],
  kindError,
);
export type CreateBotInput = z.infer<typeof createBotInput>;

const version = { version: boundedInt(1, INT32_MAX, { message: 'Reload the bot and try again.' }) };

/**
 * PUT /api/bots/:id: replaces every editable field (the editor sends them all) with the version it
 * loaded; a different version means someone saved in between (409). Visibility and collection
 * have their own endpoints; the kind cannot change.
 */
export const updateBotInput = z.discriminatedUnion(
  'kind',
  [docBotFields.extend(version), chatBotFields.extend(version), tutorBotFields.extend(version)],
  kindError,
);
export type UpdateBotInput = z.infer<typeof updateBotInput>;

/** POST /api/bots/:id/copy: the library's one-click Copy; the name defaults to "<name> (copy)". */
export const copyBotInput = z.object({
  name: commonFields.name.optional(),
  collectionId: commonFields.collectionId,
});
export type CopyBotInput = z.infer<typeof copyBotInput>;

/** PUT /api/bots/:id/visibility. */
export const shareBotInput = z.object({ visibility: botVisibility });
export type ShareBotInput = z.infer<typeof shareBotInput>;

/** PUT /api/bots/:id/collection: move a bot into one of the owner's collections, or out (null). */
export const moveBotInput = z.object({ collectionId: uuid('Choose a collection from the list.').nullable() });
export type MoveBotInput = z.infer<typeof moveBotInput>;

// ---------- What the server returns ----------

export const botPermissions = z.object({
  canEdit: z.boolean(),
  canCopy: z.boolean(),
  canShare: z.boolean(),
  canDelete: z.boolean(),
});
export type BotPermissions = z.infer<typeof botPermissions>;

/** A library card. `uid` and `sid` are the route parameters of this bot's pages (docs/product/routes-and-guards.md#route-parameters). */
export const botSummary = z.object({
  id: z.string(),
  kind: botKind,
  name: z.string(),
  description: z.string(),
  icon: botIcon,
  visibility: botVisibility,
  isTemplate: z.boolean(),
  isOwner: z.boolean(),
  /** The owner's collection; null for anyone else. */
  collectionId: z.string().nullable(),
  uid: z.string(),
  sid: z.string(),
  /** The owner's last run; null for anyone else. */
  lastUsedAt: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * Who shared it, on the School tab only: the colleague's display name (never an e-mail address),
   * null everywhere else and for one's own bots.
   */
  sharedBy: z.string().nullable(),
});
export type BotSummary = z.infer<typeof botSummary>;

export const knowledgeFileRef = z.object({ id: z.string(), name: z.string(), status: z.string() });

const botDetailBase = botSummary.extend({
  instructions: z.string(),
  temperature: z.number(),
  knowledgeFiles: z.array(knowledgeFileRef),
  copiedFrom: z.string().nullable(),
  templateKey: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  permissions: botPermissions,
});

/** GET /api/bots/:id and the answer of every write. */
export const botDetail = z.discriminatedUnion('kind', [
  botDetailBase.extend({ kind: z.literal('DocBot'), settings: docBotSettings }),
  botDetailBase.extend({ kind: z.literal('ChatBot'), settings: chatBotSettings }),
  botDetailBase.extend({ kind: z.literal('TutorBot'), settings: tutorBotSettings }),
]);
export type BotDetail = z.infer<typeof botDetail>;

export const libraryTab = z.enum(['mine', 'school', 'public', 'templates'], { error: 'Choose Mine, School, Public or Templates.' });
export type LibraryTab = z.infer<typeof libraryTab>;

/** GET /api/bots query. Keyset paged: pass the page's nextCursor to get the next one. */
export const listBotsQuery = z.object({
  kind: botKind,
  tab: libraryTab.default('mine'),
  q: text({ trim: true, max: 100, tooLong: 'Keep the search to 100 characters or fewer.' }).optional(),
  /** Mine tab only: one collection's bots. */
  collectionId: uuid('Choose a collection from the list.').optional(),
  cursor: pageCursor().optional(),
  limit: boundedInt(1, 100, { coerce: true }).default(30),
});
export type ListBotsQuery = z.infer<typeof listBotsQuery>;

export const botPage = z.object({ items: z.array(botSummary), nextCursor: z.string().nullable() });
export type BotPage = z.infer<typeof botPage>;

/** GET /api/bots/find: the start page's one search over the templates and one's own bots of every kind. */
export const findBotsQuery = z.object({
  q: text({ trim: true, max: 100, tooLong: 'Keep the search to 100 characters or fewer.' }).optional(),
  limit: boundedInt(1, 24, { coerce: true }).default(8),
});
export type FindBotsQuery = z.infer<typeof findBotsQuery>;

/** Templates most useful first; one's own bots most recently used first. */
export const foundBots = z.object({ templates: z.array(botSummary), mine: z.array(botSummary) });
export type FoundBots = z.infer<typeof foundBots>;

/** GET /api/bots/recent-runs: the start page's "continue where you left off". */
export const recentRunsQuery = z.object({ limit: boundedInt(1, 20, { coerce: true }).default(6) });
export type RecentRunsQuery = z.infer<typeof recentRunsQuery>;

/** One of the teacher's own runs (with at least one message) of a bot they may still see, newest first. */
export const recentRun = z.object({ conversationId: z.string(), title: z.string(), updatedAt: z.string(), bot: botSummary });
export const recentRuns = z.object({ runs: z.array(recentRun) });
export type RecentRun = z.infer<typeof recentRun>;
export type RecentRuns = z.infer<typeof recentRuns>;

/** GET /api/bots/:id query: the page's route parameters, checked against the bot (404 on mismatch). */
export const botRouteParams = z.object({
  uid: text({ max: 200 }).optional(),
  sid: text({ max: 200 }).optional(),
  shared: z.enum(['true', 'false']).optional(),
});
export type BotRouteParams = z.infer<typeof botRouteParams>;

/** The uid and sid of the built-in templates' pages. */
export const BUILTIN_UID = 'builtin';
export const NO_SCHOOL_SID = 'none';

// ---------- Collections ----------

const collectionName = text({
  trim: true,
  min: 1,
  max: L.collectionName,
  required: 'Give the collection a name.',
  tooShort: 'Give the collection a name.',
  tooLong: `Keep the collection name to ${L.collectionName} characters or fewer.`,
});

export const createCollectionInput = z.object({ kind: botKind, name: collectionName });
export type CreateCollectionInput = z.infer<typeof createCollectionInput>;

export const renameCollectionInput = z.object({ name: collectionName });
export type RenameCollectionInput = z.infer<typeof renameCollectionInput>;

/** PUT /api/collections/order: every one of the caller's collections of that kind, in the new order. */
export const reorderCollectionsInput = z.object({
  kind: botKind,
  ids: z
    .array(uuid())
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'A collection is listed twice.'),
});
export type ReorderCollectionsInput = z.infer<typeof reorderCollectionsInput>;

export const botCollection = z.object({
  id: z.string(),
  kind: botKind,
  name: z.string(),
  position: z.number().int(),
  botCount: z.number().int(),
});
export type BotCollection = z.infer<typeof botCollection>;

export const collectionList = z.object({ collections: z.array(botCollection) });
export type CollectionList = z.infer<typeof collectionList>;

// ---------- Running a DocBot ----------

/** What the runner sends for a DocBot's form: one value per field key. */
export const docFormValues = z.record(text({ max: 40 }), z.union([text({ max: L.longTextValue }), z.number()]));
export type DocFormValues = z.infer<typeof docFormValues>;

/**
 * Checks a runner's values against the bot's form: required fields filled, numbers in range,
 * list and grade values among the choices; unknown keys are dropped and defaults filled in.
 * Shared by the runner (inline messages) and the server (which never trusts the runner).
 */
export function checkFormValues(inputs: readonly FormInput[], values: DocFormValues) {
  const clean: Record<string, string | number> = {};
  const errors: Record<string, string> = {};
  for (const input of inputs) {
    const raw = values[input.key] ?? input.default;
    const empty = raw === undefined || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (input.required) errors[input.key] = `Fill in "${input.label}".`;
      continue;
    }
    if (input.kind === 'number') {
      const n = typeof raw === 'number' ? raw : Number(raw.trim());
      if (!Number.isFinite(n)) errors[input.key] = `"${input.label}" must be a number.`;
      else if (input.min !== undefined && n < input.min) errors[input.key] = `"${input.label}" must be at least ${input.min}.`;
      else if (input.max !== undefined && n > input.max) errors[input.key] = `"${input.label}" must be at most ${input.max}.`;
      else clean[input.key] = n;
      continue;
    }
    const text = String(raw).trim();
    if (input.kind === 'select' && !input.options.includes(text)) errors[input.key] = `Choose "${input.label}" from the list.`;
    else if (input.kind === 'grade_level' && !(gradeLevels as readonly string[]).includes(text))
      errors[input.key] = `Choose a grade level for "${input.label}".`;
    else if (input.kind === 'text' && text.length > L.textValue)
      errors[input.key] = `Keep "${input.label}" to ${L.textValue} characters or fewer.`;
    else clean[input.key] = text;
  }
  return { values: clean, errors };
}

/**
 * POST /api/bots/:id/runs: starts a run (a conversation with the bot) and answers the
 * conversation (contract/ai.ts conversationSummary); its turns then go through /api/conversations.
 * A DocBot's form values are checked against its form (422 with fields `values.<key>`).
 */
export const startRunInput = z.object({ values: docFormValues.default({}) });
export type StartRunInput = z.infer<typeof startRunInput>;
