import { describe, expect, it } from 'vitest';
import { checkCreate, checkUpdate, copyDraftOf, draftFromBot, emptyDraft, errorAt, fieldKeys, keyFromLabel, newField } from './draft';
import { isUuid } from '../../../../contract/common';
import { relativeTime } from './links';
import type { BotDetail } from '../../../../contract/bots';

const docBot: BotDetail = {
  id: '0b7f2c1e-4a57-4a3e-9d2b-5c1f0e6a7b8c',
  kind: 'DocBot',
  name: 'Quiz',
  description: 'A quiz',
  icon: { type: 'emoji', emoji: '📝' },
  visibility: 'school',
  isTemplate: false,
  isOwner: false,
  collectionId: null,
  uid: 'u',
  sid: 's',
  lastUsedAt: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
  sharedBy: 'Ada Lovelace',
  instructions: 'Write a quiz.',
  temperature: 0.4,
  knowledgeFiles: [],
  copiedFrom: null,
  templateKey: null,
  version: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  permissions: { canEdit: false, canCopy: true, canShare: false, canDelete: false },
  settings: {
    formInputs: [
      { key: 'topic', label: 'Topic', kind: 'text', required: true },
      { key: 'count', label: 'Questions', kind: 'number', required: false, default: 10, min: 1, max: 50 },
      { key: 'level', label: 'Difficulty', kind: 'select', required: false, options: ['Easy', 'Hard'], default: 'Easy' },
      // A list with no default: the teacher picks each run (the templates' Subject).
      { key: 'subject', label: 'Subject', kind: 'select', required: false, options: ['Math', 'Other'] },
    ],
    outputFormat: 'Numbered questions',
    canGenerateImages: false,
  },
};

describe('the editor draft', () => {
  it('round-trips a loaded DocBot into the same update input', () => {
    const checked = checkUpdate(draftFromBot(docBot), docBot.version);
    expect(checked.ok).toBe(true);
    if (!checked.ok || checked.input.kind !== 'DocBot') throw new Error('expected a DocBot input');
    expect(checked.input.settings.formInputs).toEqual(docBot.settings.formInputs);
    expect(checked.input.icon).toEqual(docBot.icon);
    expect(checked.input.version).toBe(3);
  });

  it('names the copy and leaves the collection', () => {
    const draft = copyDraftOf({ ...docBot, collectionId: 'c' }, (n) => `${n} (copy)`);
    expect(draft.name).toBe('Quiz (copy)');
    expect(draft.collectionId).toBeNull();
  });

  it('gives the contract messages by path', () => {
    const draft = emptyDraft('DocBot');
    draft.name = 'x'.repeat(81);
    draft.instructions = 'y'.repeat(20_001);
    const list = { ...newField('select'), label: 'Level', options: 'A\nB', defaultValue: 'C' };
    const num = { ...newField('number'), label: 'Count', defaultValue: 'ten' };
    draft.doc.fields = [{ ...newField('text'), label: '' }, list, num];
    const checked = checkCreate(draft, null);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors.name).toBe('Keep the name to 80 characters or fewer.');
    expect(checked.errors.instructions).toBe('Keep the instructions to 20,000 characters or fewer.');
    expect(errorAt(checked.errors, 'settings.formInputs.0.label')).toBe('Give this field a label.');
    expect(errorAt(checked.errors, 'settings.formInputs.1.default')).toBe('The default must be one of the options.');
    expect(errorAt(checked.errors, 'settings.formInputs.2.default')).toBe('The default of a number field must be a number.');
  });

  it('makes keys from labels, different from each other and from stored ones', () => {
    expect(keyFromLabel('Grade level')).toBe('grade_level');
    expect(keyFromLabel('3 things')).toBe('field_3_things');
    expect(keyFromLabel('Élève')).toBe('eleve');
    const fields = [
      { ...newField(), key: 'topic', label: 'x' },
      { ...newField(), label: 'Topic' },
      { ...newField(), label: 'Topic' },
      { ...newField(), label: '' },
    ];
    expect(fieldKeys(fields)).toEqual(['topic', 'topic_2', 'topic_3', 'field']);
  });

  it('checks TutorBot numbers and grades', () => {
    const draft = emptyDraft('TutorBot');
    draft.name = 'Tutor';
    draft.tutor.quizLength = '0';
    const checked = checkCreate(draft, null);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors['settings.quizLength']).toBe('A quiz has at least 1 question.');
    draft.tutor.quizLength = '5';
    draft.tutor.gradeLevel = 'Grade 4';
    expect(checkCreate(draft, null).ok).toBe(true);
  });
});

describe('links and dates', () => {
  it('asks the server only about ids that could be bots', () => {
    expect(isUuid(docBot.id)).toBe(true);
    expect(isUuid('b1')).toBe(false);
    expect(isUuid('new')).toBe(false);
  });

  it('writes relative times', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(relativeTime('2025-03-08T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2025-03-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2025-03-10T11:59:50Z', now)).toBe('just now');
  });
});
