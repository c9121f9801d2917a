import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyAssignmentDetail } from '../../../contract/assignments';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { assignmentWorld } from '../my-assignments/my-assignments.test-helpers';
import { builtinTemplates } from './templates';
import { commonFieldsEs, fieldTextsEs, optionLabelsEs, templatesEs } from './templates/es';
import { findTemplateRows, syncBuiltinTemplates } from './templates/sync';
import type { BotJson } from './bots.test-helpers';
import type { ChatTemplate, DocTemplate, TutorTemplate } from './templates/types';

// Issue 30: the built-in templates read in Spanish for a Spanish request; what is stored (and so
// what the model reads) stays English.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await syncBuiltinTemplates(ctx.database.db);
});
afterAll(() => ctx.close());

const welcomeOf = (settings: unknown): unknown => (settings as { welcomeMessage?: unknown }).welcomeMessage;

describe('the Spanish overlay of the built-in templates', () => {
  it('gives every template its own Spanish name, description, welcome message and form labels', () => {
    expect(Object.keys(templatesEs).sort()).toEqual(builtinTemplates.map((t) => t.key).sort());
    for (const t of builtinTemplates) {
      const es = templatesEs[t.key];
      expect(es.name.trim(), t.key).not.toBe('');
      expect(es.name, t.key).not.toBe(t.name);
      expect(es.description.trim(), t.key).not.toBe('');
      expect(es.description, t.key).not.toBe(t.description);
      if (t.kind === 'DocBot') {
        expect('fields' in es, t.key).toBe(true);
        for (const field of t.settings.formInputs) {
          const f = fieldTextsEs(t.key, field.key);
          expect(f?.label.trim(), `${t.key}.${field.key}`).toBeTruthy();
          expect(f?.label, `${t.key}.${field.key}`).not.toBe(field.label);
          if (field.help) expect(f?.help, `${t.key}.${field.key} help`).toBeTruthy();
          if ('unit' in field && field.unit) expect(f?.unit, `${t.key}.${field.key} unit`).toBeTruthy();
          // Issue 39 (item 15): every option a list offers reads in Spanish, numbers as they are.
          if (field.kind === 'select')
            for (const o of field.options) if (!/^\d+$/.test(o)) expect(optionLabelsEs[o], `${t.key}.${field.key}: ${o}`).toBeTruthy();
        }
        // No overlay for a field the template does not have (a typo in a key).
        const own = new Set(t.settings.formInputs.map((f) => f.key));
        if ('fields' in es) for (const key of Object.keys(es.fields)) expect(own.has(key), `${t.key}.${key}`).toBe(true);
      } else {
        const welcome = 'welcomeMessage' in es ? es.welcomeMessage : '';
        expect(welcome.trim(), t.key).not.toBe('');
        expect(welcome, t.key).not.toBe(t.settings.welcomeMessage);
      }
    }
    expect(Object.keys(commonFieldsEs).sort()).toEqual(['grade', 'notes', 'standard', 'subject']);
  });
});

describe('a template as a teacher reads it', () => {
  it('is Spanish for a Spanish teacher and English for an English one, and the stored row never changes', async () => {
    const db = ctx.database.db;
    const chat = builtinTemplates.find((t): t is ChatTemplate => t.key === 'chat.lesson-ideas')!;
    const quiz = builtinTemplates.find((t): t is DocTemplate => t.key === 'doc.quiz')!;
    const chatEs = templatesEs['chat.lesson-ideas'];
    const quizEs = templatesEs['doc.quiz'];
    const [chatRow] = await findTemplateRows(db, [chat.key]);
    const [quizRow] = await findTemplateRows(db, [quiz.key]);
    const before = await db.select().from(schema.bot).where(eq(schema.bot.id, chatRow!.id));

    const es = await signedIn(ctx, { role: 'teacher' });
    expect((await es.client.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const en = await signedIn(ctx, { role: 'teacher' });

    // The library's Templates tab.
    const esList = await es.client.json<{ items: BotJson[] }>('GET', '/api/bots?kind=ChatBot&tab=templates');
    expect(esList.status).toBe(200);
    expect(esList.body.items.find((b) => b.id === chatRow!.id)).toMatchObject({
      name: chatEs.name,
      description: chatEs.description,
    });
    const enList = await en.client.json<{ items: BotJson[] }>('GET', '/api/bots?kind=ChatBot&tab=templates');
    expect(enList.body.items.find((b) => b.id === chatRow!.id)).toMatchObject({ name: chat.name, description: chat.description });

    // The start page's popular templates and its search.
    const esFound = await es.client.json<{ templates: BotJson[] }>('GET', '/api/bots/find');
    expect(esFound.body.templates.find((b) => b.id === quizRow!.id)).toMatchObject({ name: quizEs.name });
    const esSearch = await es.client.json<{ templates: BotJson[] }>('GET', '/api/bots/find?q=quiz');
    expect(esSearch.body.templates.find((b) => b.id === quizRow!.id)).toMatchObject({ name: quizEs.name });
    const enFound = await en.client.json<{ templates: BotJson[] }>('GET', '/api/bots/find');
    expect(enFound.body.templates.find((b) => b.id === quizRow!.id)).toMatchObject({ name: quiz.name });

    // The template's page: the welcome message, and a DocBot's form labels (keys and options as stored).
    const url = (id: string) => `/api/bots/${id}?uid=builtin&sid=none&shared=true`;
    const esChat = await es.client.json<BotJson>('GET', url(chatRow!.id));
    expect(esChat.status).toBe(200);
    expect(esChat.body).toMatchObject({ name: chatEs.name, instructions: chat.instructions });
    expect(welcomeOf(esChat.body.settings)).toBe(chatEs.welcomeMessage);
    const enChat = await en.client.json<BotJson>('GET', url(chatRow!.id));
    expect(enChat.body).toMatchObject({ name: chat.name, description: chat.description });
    expect(welcomeOf(enChat.body.settings)).toBe(chat.settings.welcomeMessage);

    const esQuiz = await es.client.json<BotJson>('GET', url(quizRow!.id));
    const form = (esQuiz.body.settings as { formInputs: { key: string; label: string; options?: string[]; optionLabels?: string[] }[] })
      .formInputs;
    expect(form.map((f) => f.key)).toEqual(quiz.settings.formInputs.map((f) => f.key));
    expect(form.find((f) => f.key === 'question_type')).toMatchObject({
      label: 'Tipo de pregunta',
      options: ['Multiple choice', 'Mixed', 'Short answer', 'True/false'],
      optionLabels: ['Opción múltiple', 'Mixto', 'Respuesta corta', 'Verdadero/falso'],
    });
    const subject = form.find((f) => f.key === 'subject');
    expect(subject?.optionLabels?.[subject.options?.indexOf('Math') ?? -1]).toBe('Matemáticas');
    expect(form.find((f) => f.key === 'grade')).toMatchObject({ label: 'Grado' });
    const enQuiz = await en.client.json<BotJson>('GET', url(quizRow!.id));
    expect((enQuiz.body.settings as { formInputs: unknown }).formInputs).toEqual(quiz.settings.formInputs);

    // A DocBot run of the template is titled with its name in the reader's language.
    const values = Object.fromEntries(
      quiz.settings.formInputs
        .filter((f) => f.required)
        .map((f) => [
          f.key,
          f.kind === 'select' ? f.options[0] : f.kind === 'grade_level' ? 'Grade 5' : f.kind === 'number' ? (f.min ?? 1) : 'Fractions',
        ]),
    );
    const esRun = await es.client.json<{ id: string; title: string }>('POST', `/api/bots/${quizRow!.id}/runs`, { values });
    expect([esRun.status, esRun.body.title]).toEqual([201, quizEs.name]);
    const enRun = await en.client.json<{ title: string }>('POST', `/api/bots/${quizRow!.id}/runs`, { values });
    expect([enRun.status, enRun.body.title]).toEqual([201, quiz.name]);
    // The start page's runs to go back to name the template's card in Spanish too (once a run produced something).
    await ctx.database.db
      .insert(schema.aiMessage)
      .values({ conversationId: esRun.body.id, role: 'assistant', status: 'complete', text: 'Listo', seq: 1 });
    const recent = await es.client.json<{ runs: { bot: { name: string } }[] }>('GET', '/api/bots/recent-runs');
    expect(recent.body.runs.map((r) => r.bot.name)).toEqual([quizEs.name]);

    // Nothing stored changed, and the English reply is the stored text byte for byte.
    expect(await db.select().from(schema.bot).where(eq(schema.bot.id, chatRow!.id))).toEqual(before);
    expect(chatRow).toMatchObject({ name: chat.name, description: chat.description });
    expect(welcomeOf(chatRow!.settings)).toBe(chat.settings.welcomeMessage);
  });

  it("leaves a teacher's copy of a template as it is", async () => {
    const es = await signedIn(ctx, { role: 'teacher' });
    expect((await es.client.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const [row] = await findTemplateRows(ctx.database.db, ['chat.lesson-ideas']);
    const copy = await es.client.json<BotJson>('POST', `/api/bots/${row!.id}/copy`);
    expect(copy.status).toBe(201);
    const mine = await es.client.json<BotJson>('GET', `/api/bots/${copy.body.id}`);
    expect(mine.body.name).toBe('Lesson Idea Brainstormer (copy)');
  });
});

describe('a built-in tutor as a student meets it', () => {
  it('shows its name and welcome message in Spanish to a Spanish student', async () => {
    const db = ctx.database.db;
    const tutor = builtinTemplates.find((t): t is TutorTemplate => t.key === 'tutor.socratic-math')!;
    const [row] = await findTemplateRows(db, [tutor.key]);
    const world = await assignmentWorld(ctx);
    await db.update(schema.assignment).set({ botId: row!.id }).where(eq(schema.assignment.id, world.assignment.id));

    const es = await world.addStudent();
    expect((await es.client.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const esView = await es.client.json<MyAssignmentDetail>('GET', `/api/my-assignments/${es.asid}`);
    expect(esView.status).toBe(200);
    const texts = templatesEs['tutor.socratic-math'];
    expect(esView.body.bot).toMatchObject({ id: row!.id, name: texts.name, welcomeMessage: texts.welcomeMessage });

    const en = await world.addStudent();
    const enView = await en.client.json<MyAssignmentDetail>('GET', `/api/my-assignments/${en.asid}`);
    expect(enView.body.bot).toMatchObject({ name: tutor.name, welcomeMessage: tutor.settings.welcomeMessage });
  });

  it("leaves a teacher's own tutor as the teacher wrote it", async () => {
    const world = await assignmentWorld(ctx);
    const es = await world.addStudent();
    expect((await es.client.json('PATCH', '/api/me/locale', { locale: 'es' })).status).toBe(200);
    const view = await es.client.json<MyAssignmentDetail>('GET', `/api/my-assignments/${es.asid}`);
    expect(view.body.bot.welcomeMessage).toBe('Hi! Ready for fractions?');
  });
});
