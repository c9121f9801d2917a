import type { ZodType } from 'zod';
import { validationText } from '../../../lib/i18n';
import {
  createAssignmentInput,
  updateAssignmentInput,
  type AssignmentDetail,
  type CreateAssignmentInput,
  type UpdateAssignmentInput,
} from '../../../../contract/assignments';
import { defaultTrophyRules, trophyRuleKinds, type TrophyRules } from '../../../../contract/trophies';
import { dateInputValue, endOfDayIso } from './dueDate';
import type { Locale } from '../../../../contract/locale';
import type { Translate } from '../../../lib/i18n';

/** What the New and Edit dialogs hold, as typed (numbers and dates still text). */
export interface AssignmentForm {
  botId: string;
  title: string;
  instructions: string;
  /** The date input's value, "2026-12-01", or '' for none. */
  due: string;
  /** The budget as typed; '' for no limit. */
  budget: string;
  classIds: string[];
  /** Roster entry ids. */
  studentIds: string[];
  /** The automatic trophy rules switched on. */
  trophyRules: TrophyRules;
  /** The language the tutor answers in; null: each student's own. */
  responseLanguage: Locale | null;
}

/** The form's fields that a server error can point at. */
export type FormField = 'botId' | 'title' | 'instructions' | 'due' | 'budget' | 'responseLanguage' | 'targets';
export type FormErrors = Partial<Record<FormField, string>>;

export const emptyForm = (): AssignmentForm => ({
  botId: '',
  title: '',
  instructions: '',
  due: '',
  budget: '',
  classIds: [],
  studentIds: [],
  trophyRules: { ...defaultTrophyRules },
  responseLanguage: null,
});

/** The Edit dialog's starting values: the assignment as saved (the classes and students it has are not re-sent). */
export const formOf = (a: AssignmentDetail): AssignmentForm => ({
  botId: a.bot.id,
  title: a.title,
  instructions: a.instructions,
  due: dateInputValue(a.dueAt),
  budget: a.messageBudget === null ? '' : String(a.messageBudget),
  classIds: [],
  studentIds: [],
  trophyRules: { ...a.trophyRules },
  responseLanguage: a.responseLanguage ?? null,
});

/** The budget as sent: null for none; NaN for text that is no number (the contract says so). */
function budgetValue(budget: string): number | null {
  const t = budget.trim();
  return t === '' ? null : Number(t);
}

type Checked<T> = { ok: true; input: T } | { ok: false; errors: FormErrors; other: string[] };

/** The contract's own rules, checked before sending: the same messages the server would answer. */
function check<T>(schema: ZodType, input: T): Checked<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || '_'] ??= validationText(issue.message);
  return { ok: false, ...formErrorsOf(fields) };
}

/**
 * POST /api/assignments from the New dialog, checked against the contract first. `idempotencyKey`
 * is the dialog's, the same for every submit of it: a double submit makes one assignment.
 */
export function toCreateInput(form: AssignmentForm, t: Translate, idempotencyKey?: string): Checked<CreateAssignmentInput> {
  const dueAt = endOfDayIso(form.due);
  if (dueAt === undefined) return { ok: false, errors: { due: t('assignments.dueInvalid') }, other: [] };
  return check(createAssignmentInput, {
    ...(idempotencyKey ? { idempotencyKey } : {}),
    botId: form.botId,
    title: form.title,
    instructions: form.instructions,
    dueAt,
    messageBudget: budgetValue(form.budget),
    responseLanguage: form.responseLanguage,
    classIds: form.classIds,
    studentIds: form.studentIds,
    trophyRules: form.trophyRules,
  });
}

/**
 * PATCH /api/assignments/:id from the Edit dialog: only what the teacher changed since `base` (the
 * form as the dialog opened), against `version` (the newest seen: after a conflict, the reloaded one,
 * so the teacher's changes go over the other edit and leave its other fields alone).
 */
export function toUpdateInput(form: AssignmentForm, base: AssignmentForm, version: number, t: Translate): Checked<UpdateAssignmentInput> {
  const dueAt = endOfDayIso(form.due);
  if (dueAt === undefined) return { ok: false, errors: { due: t('assignments.dueInvalid') }, other: [] };
  const input: UpdateAssignmentInput = { version };
  if (form.title !== base.title) input.title = form.title;
  if (form.instructions !== base.instructions) input.instructions = form.instructions;
  if (form.due !== base.due) input.dueAt = dueAt;
  if (form.budget.trim() !== base.budget.trim()) input.messageBudget = budgetValue(form.budget);
  if (form.responseLanguage !== base.responseLanguage) input.responseLanguage = form.responseLanguage;
  if (form.classIds.length) input.addClassIds = form.classIds;
  if (form.studentIds.length) input.addStudentIds = form.studentIds;
  if (!sameRules(form.trophyRules, base.trophyRules)) input.trophyRules = form.trophyRules;
  return check(updateAssignmentInput, input);
}

/**
 * After a conflict: the form on top of the newly saved version. What the teacher changed stays
 * theirs; every field they left alone takes the saved value (someone else's edit), so saving
 * again applies their change and undoes nothing of the other.
 */
export function rebaseForm(form: AssignmentForm, base: AssignmentForm, saved: AssignmentForm): AssignmentForm {
  const pick = <K extends 'title' | 'instructions' | 'due' | 'budget'>(k: K) => (form[k] === base[k] ? saved[k] : form[k]);
  // Each rule's switch on its own: the teacher's flips stay, the others follow the saved version.
  const trophyRules = { ...form.trophyRules };
  for (const k of trophyRuleKinds) if (form.trophyRules[k] === base.trophyRules[k]) trophyRules[k] = saved.trophyRules[k];
  const responseLanguage = form.responseLanguage === base.responseLanguage ? saved.responseLanguage : form.responseLanguage;
  return {
    ...form,
    title: pick('title'),
    instructions: pick('instructions'),
    due: pick('due'),
    budget: pick('budget'),
    responseLanguage,
    trophyRules,
  };
}

const sameRules = (x: TrophyRules, y: TrophyRules) => trophyRuleKinds.every((k) => x[k] === y[k]);

/** True when the Edit dialog has nothing to send. */
export const isUnchanged = (input: UpdateAssignmentInput) => Object.keys(input).length === 1;

const fieldOfPath: Record<string, FormField> = {
  botId: 'botId',
  title: 'title',
  instructions: 'instructions',
  dueAt: 'due',
  messageBudget: 'budget',
  responseLanguage: 'responseLanguage',
  classIds: 'targets',
  studentIds: 'targets',
  addClassIds: 'targets',
  addStudentIds: 'targets',
};

/**
 * A 422's messages by field ("studentIds.3" → targets) for the form; what no field shows is
 * returned apart, to show above the form.
 */
export function formErrorsOf(fields: Record<string, string> | undefined): { errors: FormErrors; other: string[] } {
  const errors: FormErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = fieldOfPath[path.split('.')[0] ?? ''];
    if (field) errors[field] ??= message;
    else other.push(message);
  }
  return { errors, other };
}
