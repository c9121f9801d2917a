import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { AssignmentDetail } from '../../../../contract/assignments';
import { emptyForm, formErrorsOf, formOf, isUnchanged, rebaseForm, toCreateInput, toUpdateInput, type AssignmentForm } from './form';
import type { Translate } from '../../../lib/i18n';
import en from '../../../lib/i18n/messages/en.json';

const intl = createIntl({ locale: 'en', messages: en });
const t: Translate = (id, values) => intl.formatMessage({ id }, values);

const botId = '0b5b7e0e-8a55-4a3c-9a0a-6f0e5f3b1c11';
const classId = '7d1f1a52-2c64-4c4e-8f3c-0a1b2c3d4e5f';
const entryId = 'c2a4b6d8-1e3f-4a5b-8c7d-9e0f1a2b3c4d';

const filled = (patch: Partial<AssignmentForm> = {}): AssignmentForm => ({
  ...emptyForm(),
  botId,
  title: 'Fractions practice',
  classIds: [classId],
  ...patch,
});

describe('toCreateInput', () => {
  it('sends the end of the due day with its offset, the budget as a number, and no budget as null', () => {
    const checked = toCreateInput(filled({ due: '2026-12-01', budget: ' 20 ', studentIds: [entryId] }), t);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.input.dueAt).toMatch(/^2026-12-01T23:59:59[+-]\d{2}:\d{2}$/);
    expect(checked.input.messageBudget).toBe(20);
    expect(checked.input.studentIds).toEqual([entryId]);
    const none = toCreateInput(filled(), t);
    expect(none.ok && none.input.dueAt).toBeNull();
    expect(none.ok && none.input.messageBudget).toBeNull();
  });

  it("checks the contract's rules first and puts each message on its field", () => {
    const checked = toCreateInput(filled({ botId: '', title: '  ', budget: '0', classIds: [] }), t);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.botId).toBe('Choose a TutorBot.');
    expect(checked.errors.title).toBe('Give the assignment a title.');
    expect(checked.errors.budget).toBe('Allow at least 1 message, or no budget.');
    expect(checked.errors.targets).toBe('Choose at least one class or student.');
  });

  it('refuses a budget that is not a whole number and a day that does not exist', () => {
    const half = toCreateInput(filled({ budget: '2.5' }), t);
    expect(!half.ok && half.errors.budget).toBe('The message budget must be a whole number.');
    const day = toCreateInput(filled({ due: '2026-02-31' }), t);
    expect(!day.ok && day.errors.due).toBe('Choose a valid due date.');
  });
});

const saved: AssignmentDetail = {
  id: 'a1',
  title: 'Fractions practice',
  instructions: 'Work through five problems.',
  dueAt: null,
  responseLanguage: null,
  messageBudget: 20,
  status: 'open',
  closedAt: null,
  bot: { id: botId, name: 'Fraction tutor', icon: { type: 'emoji', emoji: '🧮' }, deleted: false },
  classes: [{ id: classId, name: 'Maths', section: null }],
  counts: { assigned: 0, in_progress: 0, submitted: 0, completed: 0, total: 0 },
  flags: 0,
  trophyRules: { keptGoing: true, hints: true, cameBack: true, early: true },
  version: 4,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  students: [],
};

describe('toUpdateInput', () => {
  it('sends only what the teacher changed, against the version given', () => {
    const base = formOf(saved);
    const same = toUpdateInput(base, base, 4, t);
    expect(same.ok && isUnchanged(same.input)).toBe(true);
    const edited = toUpdateInput({ ...base, title: 'Fractions, week 2', budget: '' }, base, 4, t);
    expect(edited.ok && edited.input).toEqual({ version: 4, title: 'Fractions, week 2', messageBudget: null });
  });

  it('after a conflict, sends the teacher’s changes on the newer version and leaves the other edit’s fields alone', () => {
    const base = formOf(saved);
    const edited = toUpdateInput({ ...base, due: '2026-12-01', studentIds: [entryId] }, base, 5, t);
    expect(edited.ok).toBe(true);
    if (!edited.ok) return;
    expect(edited.input.version).toBe(5);
    expect(edited.input.title).toBeUndefined();
    expect(edited.input.dueAt).toMatch(/^2026-12-01T23:59:59/);
    expect(edited.input.addStudentIds).toEqual([entryId]);
  });
});

describe('the response language', () => {
  it('sends null (each student their own) by default, and a changed language on edit', () => {
    const created = toCreateInput(filled({ responseLanguage: 'es' }), t);
    expect(created.ok && created.input.responseLanguage).toBe('es');
    const base = formOf(saved);
    expect(base.responseLanguage).toBeNull();
    const edited = toUpdateInput({ ...base, responseLanguage: 'en' }, base, 4, t);
    expect(edited.ok && edited.input).toEqual({ version: 4, responseLanguage: 'en' });
  });
});

describe('formErrorsOf', () => {
  it("maps a 422's paths onto the form's fields and keeps the rest apart", () => {
    expect(
      formErrorsOf({ 'studentIds.2': 'Choose students from the list.', dueAt: 'Choose a valid due date.', _: 'Something else.' }),
    ).toEqual({ errors: { targets: 'Choose students from the list.', due: 'Choose a valid due date.' }, other: ['Something else.'] });
    expect(formErrorsOf(undefined)).toEqual({ errors: {}, other: [] });
  });
});

describe('rebaseForm', () => {
  it('keeps what the teacher changed and takes the saved value of everything else', () => {
    const base = formOf(saved);
    const mine = { ...base, instructions: 'Bring your notes.', studentIds: [entryId] };
    const theirs = { ...base, title: 'Renamed', instructions: 'Their instructions', budget: '10' };
    expect(rebaseForm(mine, base, theirs)).toEqual({ ...theirs, instructions: 'Bring your notes.', studentIds: [entryId] });
  });
});

describe('trophy rules on the form', () => {
  it('sends all four rules on create, on by default, and a switched-off rule as off', () => {
    const on = toCreateInput(filled(), t);
    expect(on.ok && on.input.trophyRules).toEqual({ keptGoing: true, hints: true, cameBack: true, early: true });
    const off = toCreateInput(filled({ trophyRules: { keptGoing: true, hints: false, cameBack: true, early: false } }), t);
    expect(off.ok && off.input.trophyRules).toEqual({ keptGoing: true, hints: false, cameBack: true, early: false });
  });

  it('sends the rules on edit only when a switch changed, starting from the saved ones', () => {
    const base = formOf({ ...saved, trophyRules: { keptGoing: true, hints: true, cameBack: false, early: true } });
    expect(base.trophyRules.cameBack).toBe(false);
    const same = toUpdateInput(base, base, 4, t);
    expect(same.ok && isUnchanged(same.input)).toBe(true);
    const flipped = toUpdateInput({ ...base, trophyRules: { ...base.trophyRules, early: false } }, base, 4, t);
    expect(flipped.ok && flipped.input.trophyRules).toEqual({ keptGoing: true, hints: true, cameBack: false, early: false });
  });

  it("keeps the teacher's flipped switch after a conflict and takes the others from the saved version", () => {
    const base = formOf(saved);
    const form = { ...base, trophyRules: { ...base.trophyRules, early: false } };
    const other = formOf({ ...saved, trophyRules: { keptGoing: false, hints: true, cameBack: true, early: true } });
    expect(rebaseForm(form, base, other).trophyRules).toEqual({ keptGoing: false, hints: true, cameBack: true, early: false });
  });
});
