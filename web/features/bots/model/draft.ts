import { fieldErrors } from '../../../../contract/common';
import { localIssues, validationText } from '../../../lib/i18n';
import {
  BOT_LIMITS,
  createBotInput,
  docBotSettings,
  formInputKinds,
  gradeLevels,
  updateBotInput,
  type BotDetail,
  type BotIcon,
  type BotKind,
  type CreateBotInput,
  type FormInput,
  type GradeLevel,
  type TutoringStyle,
  type UpdateBotInput,
} from '../../../../contract/bots';

export type FieldKind = (typeof formInputKinds)[number];

/** One DocBot form field as the editor holds it: every box as typed, the key hidden. */
export interface FieldDraft {
  /** React's key for the row; never sent. */
  rowId: string;
  /** The stored key of an existing field (kept so saved runs still match); new fields get one from the label. */
  key: string | null;
  label: string;
  kind: FieldKind;
  required: boolean;
  help: string;
  /** The default as typed (text, number, the chosen option or grade); '' for none. */
  defaultValue: string;
  /** A list's options, one per line. */
  options: string;
  min: string;
  max: string;
  unit: string;
}

/** Everything the editor shows, for any kind (only the kind's own settings are sent). */
export interface BotDraft {
  kind: BotKind;
  name: string;
  description: string;
  iconEmoji: string;
  iconFileId: string | null;
  instructions: string;
  knowledgeFiles: { id: string; name: string; status: string }[];
  temperature: number;
  collectionId: string | null;
  doc: { fields: FieldDraft[]; outputFormat: string; canGenerateImages: boolean };
  chat: { welcomeMessage: string; starterPrompts: string[] };
  tutor: {
    subject: string;
    gradeLevel: GradeLevel | '';
    learningObjectives: string;
    tutoringStyle: TutoringStyle;
    completionCriteria: string;
    welcomeMessage: string;
    quizLength: string;
  };
}

let rowCounter = 0;
const newRowId = () => `row-${++rowCounter}`;

/** An empty field of a kind, ready for the teacher to label. */
export function newField(kind: FieldKind = 'text'): FieldDraft {
  return {
    rowId: newRowId(),
    key: null,
    label: '',
    kind,
    required: false,
    help: '',
    defaultValue: '',
    options: '',
    min: '',
    max: '',
    unit: '',
  };
}

/** A new bot of a kind with the contract's defaults. */
export function emptyDraft(kind: BotKind): BotDraft {
  return {
    kind,
    name: '',
    description: '',
    iconEmoji: '',
    iconFileId: null,
    instructions: '',
    knowledgeFiles: [],
    temperature: 0.7,
    collectionId: null,
    doc: { fields: [], outputFormat: '', canGenerateImages: false },
    chat: { welcomeMessage: '', starterPrompts: [] },
    tutor: {
      subject: '',
      gradeLevel: '',
      learningObjectives: '',
      tutoringStyle: 'socratic',
      completionCriteria: '',
      welcomeMessage: '',
      quizLength: '5',
    },
  };
}

function fieldFromInput(input: FormInput): FieldDraft {
  const base = { ...newField(input.kind), key: input.key, label: input.label, required: input.required, help: input.help ?? '' };
  switch (input.kind) {
    case 'number':
      return {
        ...base,
        defaultValue: input.default === undefined ? '' : String(input.default),
        min: input.min === undefined ? '' : String(input.min),
        max: input.max === undefined ? '' : String(input.max),
        unit: input.unit ?? '',
      };
    case 'select':
      return { ...base, defaultValue: input.default ?? '', options: input.options.join('\n') };
    default:
      return { ...base, defaultValue: input.default ?? '' };
  }
}

/** The editor's copy of a loaded bot. */
export function draftFromBot(bot: BotDetail): BotDraft {
  const draft = emptyDraft(bot.kind);
  draft.name = bot.name;
  draft.description = bot.description;
  if (bot.icon.type === 'emoji') draft.iconEmoji = bot.icon.emoji;
  else draft.iconFileId = bot.icon.fileId;
  draft.instructions = bot.instructions;
  draft.knowledgeFiles = bot.knowledgeFiles;
  draft.temperature = bot.temperature;
  draft.collectionId = bot.collectionId;
  if (bot.kind === 'DocBot') {
    draft.doc = {
      fields: bot.settings.formInputs.map(fieldFromInput),
      outputFormat: bot.settings.outputFormat,
      canGenerateImages: bot.settings.canGenerateImages,
    };
  } else if (bot.kind === 'ChatBot') {
    draft.chat = { welcomeMessage: bot.settings.welcomeMessage, starterPrompts: [...bot.settings.starterPrompts] };
  } else {
    const t = bot.settings;
    draft.tutor = {
      subject: t.subject,
      gradeLevel: t.gradeLevel ?? '',
      learningObjectives: t.learningObjectives,
      tutoringStyle: t.tutoringStyle,
      completionCriteria: t.completionCriteria,
      welcomeMessage: t.welcomeMessage,
      quizLength: String(t.quizLength),
    };
  }
  return draft;
}

/** The editor's copy mode: the source's content under a new name, in no collection. */
export function copyDraftOf(bot: BotDetail, copyName: (name: string) => string): BotDraft {
  const draft = draftFromBot(bot);
  draft.name = copyName(bot.name).slice(0, BOT_LIMITS.name);
  draft.collectionId = null;
  return draft;
}

/** A key from a label: "Grade level" gives grade_level; the contract's key pattern always holds. */
export function keyFromLabel(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const start = /^[a-z]/.test(slug) ? slug : `field_${slug}`.replace(/_+$/, '');
  return start.slice(0, 40).replace(/_+$/, '');
}

/** Keys for every field: stored ones kept, new ones from their labels, all different. */
export function fieldKeys(fields: FieldDraft[]): string[] {
  const taken = new Set(fields.map((f) => f.key).filter((k): k is string => k !== null));
  return fields.map((f) => {
    if (f.key !== null) return f.key;
    const base = keyFromLabel(f.label) || 'field';
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 36)}_${n}`;
    taken.add(key);
    return key;
  });
}

const numberOrText = (s: string): number | string | undefined => {
  const t = s.trim();
  if (t === '') return undefined;
  const n = Number(t);
  // A non-number goes through as text so the contract's own message ("must be a number") shows.
  return Number.isFinite(n) ? n : t;
};

function fieldToInput(f: FieldDraft, key: string): Record<string, unknown> {
  const base = { key, label: f.label, kind: f.kind, required: f.required, help: f.help.trim() === '' ? undefined : f.help };
  switch (f.kind) {
    case 'number':
      return {
        ...base,
        default: numberOrText(f.defaultValue),
        min: numberOrText(f.min),
        max: numberOrText(f.max),
        unit: f.unit.trim() === '' ? undefined : f.unit,
      };
    case 'select':
      return { ...base, options: optionsOf(f.options), default: f.defaultValue === '' ? undefined : f.defaultValue };
    case 'grade_level':
      return { ...base, default: f.defaultValue === '' ? undefined : f.defaultValue };
    default:
      return { ...base, default: f.defaultValue === '' ? undefined : f.defaultValue };
  }
}

/** The options of a list field, one per non-empty line. */
export const optionsOf = (text: string) =>
  text
    .split('\n')
    .map((o) => o.trim())
    .filter((o) => o !== '');

function settingsOf(draft: BotDraft): Record<string, unknown> {
  switch (draft.kind) {
    case 'DocBot': {
      const keys = fieldKeys(draft.doc.fields);
      return {
        formInputs: draft.doc.fields.map((f, i) => fieldToInput(f, keys[i]!)),
        outputFormat: draft.doc.outputFormat,
        canGenerateImages: draft.doc.canGenerateImages,
      };
    }
    case 'ChatBot':
      return { welcomeMessage: draft.chat.welcomeMessage, starterPrompts: draft.chat.starterPrompts };
    case 'TutorBot': {
      const t = draft.tutor;
      const quiz = t.quizLength.trim() === '' ? undefined : Number(t.quizLength);
      return {
        subject: t.subject,
        gradeLevel: t.gradeLevel === '' ? null : t.gradeLevel,
        learningObjectives: t.learningObjectives,
        tutoringStyle: t.tutoringStyle,
        completionCriteria: t.completionCriteria,
        welcomeMessage: t.welcomeMessage,
        quizLength: quiz,
      };
    }
  }
}

function iconOf(draft: BotDraft): BotIcon | null {
  if (draft.iconFileId) return { type: 'image', fileId: draft.iconFileId };
  const emoji = draft.iconEmoji.trim();
  return emoji === '' ? null : { type: 'emoji', emoji };
}

function commonOf(draft: BotDraft) {
  return {
    kind: draft.kind,
    name: draft.name,
    description: draft.description,
    icon: iconOf(draft),
    instructions: draft.instructions,
    knowledgeFileIds: draft.knowledgeFiles.map((f) => f.id),
    temperature: draft.temperature,
    collectionId: draft.collectionId,
    settings: settingsOf(draft),
  };
}

export type FieldErrors = Record<string, string>;
type Checked<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

/**
 * The contract's cross-field rules of a form (a list's default among its options, a number's range)
 * run only once every field parses; checking each field alone shows them inline at once.
 */
function fieldByFieldErrors(draft: BotDraft, errors: FieldErrors): FieldErrors {
  if (draft.kind !== 'DocBot') return errors;
  const keys = fieldKeys(draft.doc.fields);
  const merged = { ...errors };
  draft.doc.fields.forEach((f, i) => {
    const one = docBotSettings.safeParse({ formInputs: [fieldToInput(f, keys[i]!)] });
    if (one.success) return;
    for (const issue of one.error.issues) {
      const [, , ...rest] = issue.path.map(String);
      merged[['settings', 'formInputs', String(i), ...rest].join('.')] ??= validationText(issue.message);
    }
  });
  return merged;
}

/** The draft as POST /api/bots input, checked with the contract's schema (the server checks again). */
export function checkCreate(draft: BotDraft, copiedFrom: string | null): Checked<CreateBotInput> {
  const parsed = createBotInput.safeParse({ ...commonOf(draft), visibility: 'private', copiedFrom });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: fieldByFieldErrors(draft, fieldErrors(localIssues(parsed.error.issues))) };
}

/** The draft as PUT /api/bots/:id input with the version it was loaded at. */
export function checkUpdate(draft: BotDraft, version: number): Checked<UpdateBotInput> {
  const parsed = updateBotInput.safeParse({ ...commonOf(draft), version });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: fieldByFieldErrors(draft, fieldErrors(localIssues(parsed.error.issues))) };
}

/** The first message for a path or anything under it (a list's options, an icon's emoji). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const prefix = `${path}.`;
  for (const [key, message] of Object.entries(errors)) if (key.startsWith(prefix)) return message;
  return undefined;
}

export const gradeLevelChoices: readonly GradeLevel[] = gradeLevels;
