import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gradeLevels, type FormInput } from '../../../contract/bots';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { builtinTemplates, featuredTemplateKeys, templateRank, type BuiltinTemplate } from './templates';
import { findTemplateRows, syncBuiltinTemplates } from './templates/sync';
import { tutorFrame } from './templates/tutor-rules';
import { SUBJECTS } from './templates/types';
import type { BotJson, ErrorJson } from './bots.test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const keys = builtinTemplates.map((t) => t.key);

describe('built-in template sync', () => {
  it('installs every template once, even when several processes sync at the same time', async () => {
    const results = await Promise.all([syncBuiltinTemplates(ctx.database.db), syncBuiltinTemplates(ctx.database.db)]);
    expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(builtinTemplates.length);
    expect(results.reduce((n, r) => n + r.updated, 0)).toBe(0);
    expect(await findTemplateRows(ctx.database.db, keys)).toHaveLength(builtinTemplates.length);
    expect(await syncBuiltinTemplates(ctx.database.db)).toEqual({ inserted: 0, updated: 0, retired: 0 });
  });

  it("updates a template when its version goes up, and never touches a teacher's copy", async () => {
    await syncBuiltinTemplates(ctx.database.db);
    const { client } = await signedIn(ctx);
    const [row] = await findTemplateRows(ctx.database.db, ['doc.lesson-plan']);
    const copy = await client.json<BotJson>('POST', `/api/bots/${row!.id}/copy`);
    expect(copy.status).toBe(201);

    const lesson = builtinTemplates.find((t) => t.key === 'doc.lesson-plan')!;
    const same = builtinTemplates.map((t): BuiltinTemplate => (t.key === lesson.key ? { ...t, name: 'Not applied' } : t));
    expect(await syncBuiltinTemplates(ctx.database.db, same)).toMatchObject({ updated: 0 });
    const newer = builtinTemplates.map((t): BuiltinTemplate =>
      t.key === lesson.key ? { ...t, version: t.version + 1, name: 'Lesson Plan v2', instructions: 'New text' } : t,
    );
    expect(await syncBuiltinTemplates(ctx.database.db, newer)).toEqual({ inserted: 0, updated: 1, retired: 0 });
    const [after] = await findTemplateRows(ctx.database.db, ['doc.lesson-plan']);
    expect(after).toMatchObject({ id: row!.id, name: 'Lesson Plan v2', instructions: 'New text', templateVersion: lesson.version + 1 });
    // An older build starting later does not roll it back.
    expect(await syncBuiltinTemplates(ctx.database.db)).toMatchObject({ updated: 0 });

    const mine = await client.json<BotJson>('GET', `/api/bots/${copy.body.id}`);
    expect(mine.body).toMatchObject({
      name: 'Lesson Plan (copy)',
      instructions: lesson.instructions,
      copiedFrom: row!.id,
      templateKey: null,
      version: 1,
    });
  });

  it('hides a template no longer shipped and brings it back when it returns', async () => {
    await syncBuiltinTemplates(ctx.database.db);
    const fewer = builtinTemplates.filter((t) => t.key !== 'chat.standards-unpacker');
    expect(await syncBuiltinTemplates(ctx.database.db, fewer)).toMatchObject({ retired: 1 });
    const [gone] = await findTemplateRows(ctx.database.db, ['chat.standards-unpacker']);
    expect(gone!.deletedAt).not.toBeNull();
    await syncBuiltinTemplates(ctx.database.db);
    const [back] = await findTemplateRows(ctx.database.db, ['chat.standards-unpacker']);
    expect(back!.deletedAt).toBeNull();
  });

  it('opens a template with uid builtin and sid none, runs it without a copy, and refuses changes to it', async () => {
    await syncBuiltinTemplates(ctx.database.db);
    const { client } = await signedIn(ctx);
    const list = await client.json<{ items: BotJson[] }>('GET', '/api/bots?kind=TutorBot&tab=templates');
    expect(list.body.items.length).toBeGreaterThanOrEqual(5);
    const t = list.body.items[0]!;
    expect(t).toMatchObject({ uid: 'builtin', sid: 'none', isTemplate: true, isOwner: false });
    const got = await client.json<BotJson>('GET', `/api/bots/${t.id}?uid=builtin&sid=none&shared=true`);
    expect(got.body).toMatchObject({ permissions: { canEdit: false, canCopy: true, canShare: false, canDelete: false } });
    const before = await ctx.database.db.select().from(schema.bot).where(eq(schema.bot.id, t.id));
    expect((await client.request('POST', `/api/bots/${t.id}/touch`)).status).toBe(204);
    expect(await ctx.database.db.select().from(schema.bot).where(eq(schema.bot.id, t.id))).toEqual(before);
    const notFound = { status: 404 };
    expect(await client.json<ErrorJson>('PUT', `/api/bots/${t.id}`, { kind: 'TutorBot', name: 'Mine', version: 1 })).toMatchObject(
      notFound,
    );
    expect(await client.json<ErrorJson>('PUT', `/api/bots/${t.id}/visibility`, { visibility: 'private' })).toMatchObject(notFound);
    expect((await client.request('DELETE', `/api/bots/${t.id}`)).status).toBe(404);
  });
});

type Expected = [key: string, kind: FormInput['kind'], required: boolean, dflt?: string | number];
const extraFields: Record<string, Expected[]> = {
  'doc.lesson-plan': [
    ['topic', 'text', true],
    ['objective', 'long_text', false],
    ['duration', 'number', false, 45],
    ['style', 'select', false],
    ['class_needs', 'long_text', false],
  ],
  'doc.unit-plan': [
    ['topic', 'text', true],
    ['lessons', 'number', false],
    ['standards', 'long_text', false],
    ['prior_knowledge', 'long_text', false],
  ],
  'doc.quiz': [
    ['topic', 'long_text', false],
    ['questions', 'number', false, 10],
    ['question_type', 'select', false],
    ['dok', 'select', false],
  ],
  'doc.worksheet': [
    ['skill', 'text', true],
    ['items', 'number', false, 10],
    ['format', 'select', false],
    ['worked_example', 'select', false],
  ],
  'doc.rubric': [
    ['assignment', 'long_text', true],
    ['rubric_type', 'select', false],
    ['levels', 'select', false],
    ['criteria', 'number', false, 4],
  ],
  'doc.exit-ticket': [
    ['objective', 'text', true],
    ['items', 'number', false, 1],
    ['format', 'select', false],
  ],
  'doc.parent-email': [
    ['purpose', 'select', false],
    ['points', 'long_text', true],
    ['tone', 'select', false],
    ['language', 'select', false],
  ],
  'doc.accommodations': [
    ['need', 'select', false],
    ['task', 'long_text', true],
    ['current_supports', 'long_text', false],
  ],
  'doc.reading-passage': [
    ['topic', 'text', true],
    ['genre', 'select', false],
    ['words', 'number', false],
    ['questions', 'number', false, 6],
    ['focus', 'select', false],
  ],
  'doc.differentiated-text': [
    ['source', 'long_text', true],
    ['levels', 'select', false],
    ['terms_to_keep', 'text', false],
  ],
  'doc.report-card-comments': [
    ['strengths', 'long_text', true],
    ['growth', 'long_text', true],
    ['tone', 'select', false],
    ['length', 'select', false],
    ['variants', 'number', false, 3],
  ],
  'doc.vocabulary-list': [
    ['topic', 'long_text', true],
    ['words', 'number', false, 10],
    ['tier', 'select', false],
    ['depth', 'select', false],
  ],
};

describe('built-in template content (docs/product/tutors-and-document-bots.md)', () => {
  const docs = builtinTemplates.filter((t) => t.kind === 'DocBot');
  const chats = builtinTemplates.filter((t) => t.kind === 'ChatBot');
  const tutors = builtinTemplates.filter((t) => t.kind === 'TutorBot');

  it('ships the twelve named DocBots, five ChatBots and five TutorBots', () => {
    expect(docs.map((d) => d.key).sort()).toEqual(Object.keys(extraFields).sort());
    expect(chats.length).toBeGreaterThanOrEqual(5);
    expect(tutors.length).toBeGreaterThanOrEqual(5);
  });

  it.each(docs.filter((d) => d.key !== 'doc.parent-email').map((d) => [d.key, d] as const))(
    '%s has grade, subject, its own fields, standard and notes',
    (key, doc) => {
      const inputs = doc.settings.formInputs;
      const shape = inputs.map((i): Expected =>
        i.default === undefined ? [i.key, i.kind, i.required] : [i.key, i.kind, i.required, i.default],
      );
      const selects = new Set(inputs.filter((i) => i.kind === 'select').map((i) => i.key));
      // Selects' defaults are checked below; here only their presence, kind and requiredness.
      const comparable = (e: Expected[]) =>
        e.map(([k, kind, req, d]) =>
          selects.has(k) && k !== 'subject' ? [k, kind, req] : d === undefined ? [k, kind, req] : [k, kind, req, d],
        );
      expect(comparable(shape)).toEqual(
        comparable([
          ['grade', 'grade_level', true],
          ['subject', 'select', false],
          ...extraFields[key]!,
          ['standard', 'text', false],
          ['notes', 'long_text', false],
        ]),
      );
      const subject = inputs.find((i) => i.key === 'subject');
      expect(subject).toMatchObject({ options: [...SUBJECTS] });
      expect(subject).not.toHaveProperty('default');
      for (const input of inputs) if (input.kind === 'select' && input.key !== 'subject') expect(input.options).toContain(input.default);
      expect(doc.instructions).toMatch(/Never invent a standard code/);
      expect(doc.instructions).toMatch(/after a line containing only ---/);
      expect(doc.settings.outputFormat.length).toBeGreaterThan(20);
    },
  );

  it('asks a parent e-mail only what an e-mail home needs: no grade level, subject or standard', () => {
    const email = docs.find((d) => d.key === 'doc.parent-email')!;
    expect(email.settings.formInputs.map((i) => [i.key, i.kind, i.required])).toEqual([
      ...extraFields['doc.parent-email']!,
      ['notes', 'long_text', false],
    ]);
  });

  it('orders the start page with the most used templates first, every template ranked once', () => {
    const ranked = [...builtinTemplates].sort((a, b) => templateRank(a.key) - templateRank(b.key)).map((t) => t.key);
    expect(ranked.slice(0, 4)).toEqual(['doc.lesson-plan', 'doc.quiz', 'doc.worksheet', 'chat.lesson-ideas']);
    expect(new Set(builtinTemplates.map((t) => templateRank(t.key))).size).toBe(builtinTemplates.length);
    for (const key of featuredTemplateKeys) expect(builtinTemplates.map((t) => t.key)).toContain(key);
    expect(templateRank('doc.retired')).toBeGreaterThan(templateRank(ranked[ranked.length - 1]!));
  });

  it('keeps an exit ticket to 1 to 3 items and a lesson plan to the minutes it is given', () => {
    const field = (key: string, k: string) => docs.find((d) => d.key === key)!.settings.formInputs.find((i) => i.key === k);
    expect(field('doc.exit-ticket', 'items')).toMatchObject({ kind: 'number', min: 1, max: 3 });
    expect(field('doc.lesson-plan', 'duration')).toMatchObject({ kind: 'number', default: 45, unit: 'minutes' });
    expect(docs.find((d) => d.key === 'doc.lesson-plan')!.instructions).toMatch(/must add up exactly to the lesson duration/);
  });

  it('reminds the teacher not to type names in the templates about one student, which use [Student]', () => {
    for (const key of ['doc.parent-email', 'doc.accommodations', 'doc.report-card-comments']) {
      const doc = docs.find((d) => d.key === key)!;
      expect(
        doc.settings.formInputs.some((i) => /real names/.test(i.help ?? '')),
        key,
      ).toBe(true);
      expect(doc.instructions, key).toMatch(/\[Student\]/);
    }
  });

  it('gives every ChatBot a welcome message and starter prompts', () => {
    for (const chat of chats) {
      expect(chat.settings.welcomeMessage.length, chat.key).toBeGreaterThan(20);
      expect(chat.settings.starterPrompts.length, chat.key).toBeGreaterThanOrEqual(3);
    }
  });

  it('covers every tutoring style, and each tutor follows its style', () => {
    expect(new Set(tutors.map((t) => t.settings.tutoringStyle))).toEqual(new Set(['socratic', 'explain_then_check', 'practice_quiz']));
    for (const t of tutors) {
      expect(t.settings.welcomeMessage, t.key).toMatch(/teacher can read this chat/);
      expect(t.settings.welcomeMessage, t.key).toMatch(/what do you already know|what have you tried/i);
      expect(gradeLevels).toContain(t.settings.gradeLevel);
      expect(t.settings.learningObjectives.length, t.key).toBeGreaterThan(10);
      expect(t.settings.completionCriteria.length, t.key).toBeGreaterThan(10);
      if (t.settings.tutoringStyle === 'socratic') expect(t.instructions, t.key).toMatch(/never give (the|them the) (final )?answer/i);
      if (t.settings.tutoringStyle === 'explain_then_check') expect(t.instructions, t.key).toMatch(/check question/i);
      if (t.settings.tutoringStyle === 'practice_quiz') {
        expect(t.instructions, t.key).toMatch(/one question per turn/i);
        expect(t.instructions, t.key).toMatch(/give the score/i);
        expect(t.settings.quizLength).toBe(5);
      }
    }
    expect(tutors.find((t) => t.key === 'tutor.writing-coach')!.instructions).toMatch(
      /never write, rewrite or complete the student's sentences/,
    );
    expect(tutors.find((t) => t.key === 'tutor.socratic-math')!.instructions).toMatch(/hint ladder/);
  });

  it('frames every tutor with the teaching and safety rules, whatever its teacher wrote', () => {
    const socratic = tutorFrame('socratic');
    expect(socratic).toMatch(/first turn, ask what the student already knows/);
    expect(socratic).toMatch(/at most one question, in no more than about 120 words/);
    expect(socratic).toMatch(/final answer never appears/);
    expect(socratic).toMatch(/level 1 .* level 2 .* level 3 .* level 4/s);
    expect(socratic).toMatch(/call or text 988/);
    expect(socratic).toMatch(/HOME to 741741/);
    expect(socratic).toMatch(/findahelpline\.com/);
    expect(socratic).toMatch(/teacher can read this chat/);
    expect(socratic).toMatch(/Never ask for a name, age, address, school, phone number or photos/);
    expect(socratic).toMatch(/never claim to be a human/);
    expect(tutorFrame('explain_then_check')).toMatch(/Fade the examples/);
    expect(tutorFrame('practice_quiz')).toMatch(/After the set number of questions, give the score/);
  });
});
