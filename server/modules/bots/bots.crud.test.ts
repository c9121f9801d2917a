import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { chatBot, createVia, docBot, makeFile, tutorBot, type BotJson, type ErrorJson } from './bots.test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const fieldsOf = async (client: Awaited<ReturnType<typeof signedIn>>['client'], body: unknown) => {
  const res = await client.json<ErrorJson>('POST', '/api/bots', body);
  expect(res.status).toBe(422);
  expect(res.body.error.code).toBe('validation_failed');
  return res.body.error.fields ?? {};
};

describe('adding, editing and deleting bots', () => {
  it('adds each kind with defaults filled in and answers with the full bot', async () => {
    const { client, user } = await signedIn(ctx);
    const doc = await createVia(client, docBot());
    expect(doc).toMatchObject({
      kind: 'DocBot',
      name: 'Fractions worksheet',
      visibility: 'private',
      isOwner: true,
      isTemplate: false,
      version: 1,
      uid: user.id,
      sid: 'none',
      temperature: 0.7,
      icon: { type: 'emoji', emoji: '🧮' },
      permissions: { canEdit: true, canCopy: true, canShare: true, canDelete: true },
    });
    const chat = await createVia(client, chatBot());
    expect(chat).toMatchObject({
      kind: 'ChatBot',
      icon: { type: 'emoji', emoji: '💬' },
      settings: { welcomeMessage: 'Hi', starterPrompts: ['Plan a lesson'] },
    });
    const tutor = await createVia(client, tutorBot());
    expect(tutor).toMatchObject({ kind: 'TutorBot', settings: { tutoringStyle: 'socratic', quizLength: 5, gradeLevel: 'Grade 5' } });
    const got = await client.json<BotJson>('GET', `/api/bots/${doc.id}`);
    expect(got.body).toEqual(doc);
  });

  it('explains each common rule in words a teacher understands', async () => {
    const { client } = await signedIn(ctx);
    expect(await fieldsOf(client, docBot({ name: '   ' }))).toMatchObject({ name: 'Give the bot a name.' });
    expect(await fieldsOf(client, docBot({ name: 'x'.repeat(81) }))).toMatchObject({ name: 'Keep the name to 80 characters or fewer.' });
    expect(await fieldsOf(client, docBot({ description: 'x'.repeat(501) }))).toMatchObject({
      description: 'Keep the description to 500 characters or fewer.',
    });
    expect(await fieldsOf(client, docBot({ instructions: 'x'.repeat(20_001) }))).toMatchObject({
      instructions: 'Keep the instructions to 20,000 characters or fewer.',
    });
    expect(await fieldsOf(client, { ...docBot(), temperature: 2.5 })).toMatchObject({
      temperature: 'Creativity goes from 0 (focused) to 2 (inventive).',
    });
    expect(await fieldsOf(client, { ...docBot(), icon: { type: 'emoji', emoji: 'ab' } })).toMatchObject({
      'icon.emoji': 'The icon must be an emoji, or upload an image instead.',
    });
    expect(await fieldsOf(client, { ...docBot(), kind: 'QuizBot' })).toMatchObject({ kind: 'Choose DocBot, ChatBot or TutorBot.' });
    expect(await fieldsOf(client, { ...docBot(), visibility: 'everyone' })).toMatchObject({
      visibility: 'Choose private, school or public.',
    });
    const ids = Array.from({ length: 21 }, () => crypto.randomUUID());
    expect(await fieldsOf(client, { ...docBot(), knowledgeFileIds: ids })).toMatchObject({
      knowledgeFileIds: 'A bot can have at most 20 knowledge files.',
    });
    const one = crypto.randomUUID();
    expect(await fieldsOf(client, { ...docBot(), knowledgeFileIds: [one, one] })).toMatchObject({
      knowledgeFileIds: 'The same knowledge file is attached twice.',
    });
  });

  it("checks a DocBot's form: labels, keys, options and defaults", async () => {
    const { client } = await signedIn(ctx);
    const form = (formInputs: unknown[]) => ({ ...docBot(), settings: { formInputs } });
    const text = { key: 'topic', label: 'Topic', kind: 'text' };
    expect(await fieldsOf(client, form([{ ...text, label: '' }]))).toMatchObject({
      'settings.formInputs.0.label': 'Give this field a label.',
    });
    expect(await fieldsOf(client, form([{ ...text, label: 'x'.repeat(81) }]))).toMatchObject({
      'settings.formInputs.0.label': 'Keep the label to 80 characters or fewer.',
    });
    expect((await fieldsOf(client, form([{ ...text, key: 'Topic!' }])))['settings.formInputs.0.key']).toMatch(/lower-case letters/);
    expect(await fieldsOf(client, form([text, { ...text, label: 'Again' }]))).toMatchObject({
      'settings.formInputs.1.key': 'Two fields use the key "topic"; keys must be different.',
    });
    expect((await fieldsOf(client, form([{ ...text, kind: 'date' }])))['settings.formInputs.0.kind']).toMatch(/Choose a field type/);
    const select = { key: 'level', label: 'Level', kind: 'select', options: ['Easy', 'Hard'], default: 'Easy' };
    expect(await fieldsOf(client, form([{ ...select, default: 'Medium' }]))).toMatchObject({
      'settings.formInputs.0.default': 'The default must be one of the options.',
    });
    // A list may have no default: the teacher picks each run (the templates' Subject).
    const noDefault = await client.json<BotJson>('POST', '/api/bots', form([{ ...select, default: undefined }]));
    expect(noDefault.status).toBe(201);
    expect((noDefault.body.settings as { formInputs: object[] }).formInputs[0]).not.toHaveProperty('default');
    expect(await fieldsOf(client, form([{ ...select, options: [] }]))).toMatchObject({
      'settings.formInputs.0.options': 'A list needs at least one option.',
    });
    expect(await fieldsOf(client, form([{ ...select, options: ['Easy', ' '] }]))).toMatchObject({
      'settings.formInputs.0.options.1': 'An option cannot be empty.',
    });
    expect(await fieldsOf(client, form([{ ...select, options: ['Easy', 'easy'] }]))).toMatchObject({
      'settings.formInputs.0.options.1': '"easy" is listed twice.',
    });
    const many = Array.from({ length: 31 }, (_, i) => `Option ${i}`);
    expect(await fieldsOf(client, form([{ ...select, options: many, default: 'Option 0' }]))).toMatchObject({
      'settings.formInputs.0.options': 'A list can have at most 30 options.',
    });
    const number = { key: 'count', label: 'Count', kind: 'number' };
    expect(await fieldsOf(client, form([{ ...number, default: '10' }]))).toMatchObject({
      'settings.formInputs.0.default': 'The default of a number field must be a number.',
    });
    expect(await fieldsOf(client, form([{ ...number, default: 50, min: 1, max: 3 }]))).toMatchObject({
      'settings.formInputs.0.default': 'The default must lie between the smallest and largest values.',
    });
    expect(await fieldsOf(client, form([{ key: 'g', label: 'Grade', kind: 'grade_level', default: 'Grade 13' }]))).toMatchObject({
      'settings.formInputs.0.default': 'Choose a grade level from the list.',
    });
    const thirtyOne = Array.from({ length: 31 }, (_, i) => ({ ...text, key: `f${i}` }));
    expect(await fieldsOf(client, form(thirtyOne))).toMatchObject({ 'settings.formInputs': 'A form can have at most 30 fields.' });
    expect(await fieldsOf(client, { ...docBot(), settings: { outputFormat: 'x'.repeat(5001) } })).toMatchObject({
      'settings.outputFormat': 'Keep the output format to 5,000 characters or fewer.',
    });
  });

  it("checks a ChatBot's starter prompts and a TutorBot's style and quiz length", async () => {
    const { client } = await signedIn(ctx);
    const prompts = Array.from({ length: 7 }, (_, i) => `Prompt ${i}`);
    expect(await fieldsOf(client, chatBot({ settings: { starterPrompts: prompts } }))).toMatchObject({
      'settings.starterPrompts': 'Offer at most 6 starter prompts.',
    });
    expect(await fieldsOf(client, chatBot({ settings: { starterPrompts: ['x'.repeat(201)] } }))).toMatchObject({
      'settings.starterPrompts.0': 'Keep each starter prompt to 200 characters or fewer.',
    });
    expect(await fieldsOf(client, tutorBot({ settings: { tutoringStyle: 'lecture' } }))).toMatchObject({
      'settings.tutoringStyle': 'Choose Socratic, explain then check, or practice quiz.',
    });
    expect(await fieldsOf(client, tutorBot({ settings: { tutoringStyle: 'practice_quiz', quizLength: 0 } }))).toMatchObject({
      'settings.quizLength': 'A quiz has at least 1 question.',
    });
    expect(await fieldsOf(client, tutorBot({ settings: { gradeLevel: 'Year 3' } }))).toMatchObject({
      'settings.gradeLevel': 'Choose a grade level from the list.',
    });
  });

  it("accepts only the owner's own knowledge files and icon images", async () => {
    const { client, user } = await signedIn(ctx);
    const other = await signedIn(ctx);
    const mine = await makeFile(ctx, user.id);
    const theirs = await makeFile(ctx, other.user.id);
    const icon = await makeFile(ctx, user.id, 'icon');
    const bot = await createVia(client, { ...docBot(), knowledgeFileIds: [mine], icon: { type: 'image', fileId: icon } });
    expect(bot).toMatchObject({ knowledgeFiles: [{ id: mine, status: 'ready' }], icon: { type: 'image', fileId: icon } });
    expect(await fieldsOf(client, { ...docBot(), knowledgeFileIds: [mine, theirs] })).toEqual({
      'knowledgeFileIds.1': 'This knowledge file is not among your uploads; upload it again.',
    });
    expect(await fieldsOf(client, { ...docBot(), icon: { type: 'image', fileId: mine } })).toEqual({
      'icon.fileId': 'This icon image is not among your uploads; upload it again.',
    });
    // In the reader's language too (these two answered English to a Spanish page before decision 285).
    const spanish = await client.request('POST', '/api/bots', { ...docBot(), knowledgeFileIds: [theirs] }, { 'Accept-Language': 'es' });
    expect(((await spanish.json()) as ErrorJson).error.fields).toEqual({
      'knowledgeFileIds.0': 'Este archivo de conocimiento no está entre tus archivos subidos; vuelve a subirlo.',
    });
  });

  it('saves edits with the loaded version and refuses a stale one instead of losing an update', async () => {
    const { client } = await signedIn(ctx);
    const bot = await createVia(client, docBot());
    const save = (version: number, name: string) =>
      client.json<BotJson & ErrorJson>('PUT', `/api/bots/${bot.id}`, { ...docBot(), name, version });
    const first = await save(1, 'First tab');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'First tab', version: 2 });
    const second = await save(1, 'Second tab');
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/changed in another tab/) as unknown });
    const kind = await client.json<ErrorJson>('PUT', `/api/bots/${bot.id}`, { ...chatBot(), version: 2 });
    expect(kind.status).toBe(422);
    expect(kind.body.error.fields).toEqual({ kind: "A bot's kind cannot change. Make a new bot of the other kind instead." });
    const bad = await client.json<ErrorJson>('PUT', `/api/bots/${bot.id}`, { ...docBot(), name: '', version: 2 });
    expect(bad.body.error.fields).toEqual({ name: 'Give the bot a name.' });
  });

  it('deletes with undo: a deleted bot disappears everywhere until restored', async () => {
    const { client } = await signedIn(ctx);
    const bot = await createVia(client, docBot({ name: 'Undo me' }));
    expect((await client.request('DELETE', `/api/bots/${bot.id}`)).status).toBe(204);
    expect((await client.json('GET', `/api/bots/${bot.id}`)).status).toBe(404);
    const list = await client.json<{ items: BotJson[] }>('GET', '/api/bots?kind=DocBot&tab=mine');
    expect(list.body.items.map((b) => b.id)).not.toContain(bot.id);
    expect((await client.request('DELETE', `/api/bots/${bot.id}`)).status).toBe(404);
    const restored = await client.json<BotJson>('POST', `/api/bots/${bot.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: bot.id, name: 'Undo me', version: 1 });
    expect((await client.json('GET', `/api/bots/${bot.id}`)).status).toBe(200);
  });

  it('copies a bot as a private bot of the caller, from the library or from the editor', async () => {
    const owner = await signedIn(ctx);
    const knowledge = await makeFile(ctx, owner.user.id);
    const source = await createVia(owner.client, {
      ...docBot({ name: 'Shared sheet' }),
      knowledgeFileIds: [knowledge],
      visibility: 'public',
    });
    const copier = await signedIn(ctx);
    const copy = await copier.client.json<BotJson>('POST', `/api/bots/${source.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Shared sheet (copy)',
      visibility: 'private',
      copiedFrom: source.id,
      uid: copier.user.id,
      isOwner: true,
      knowledgeFiles: [{ id: knowledge }],
    });
    // The editor's copy mode: edited fields, the source's knowledge file kept.
    const edited = await createVia(copier.client, {
      ...docBot({ name: 'My version' }),
      knowledgeFileIds: [knowledge],
      copiedFrom: source.id,
    });
    expect(edited).toMatchObject({ name: 'My version', copiedFrom: source.id, knowledgeFiles: [{ id: knowledge }] });
    // Saving the copy later keeps the inherited file acceptable.
    const resaved = await copier.client.json('PUT', `/api/bots/${edited.id}`, {
      ...docBot({ name: 'Mine now' }),
      knowledgeFileIds: [knowledge],
      version: 1,
    });
    expect(resaved.status).toBe(200);
    // Without copiedFrom, the other teacher's file is not theirs to attach.
    const refused = await copier.client.json<ErrorJson>('POST', '/api/bots', { ...docBot(), knowledgeFileIds: [knowledge] });
    expect(refused.status).toBe(422);
    const wrongKind = await copier.client.json<ErrorJson>('POST', '/api/bots', { ...chatBot(), copiedFrom: source.id });
    expect(wrongKind.body.error.fields).toEqual({ kind: 'A copy of a DocBot must be a DocBot.' });
  });

  it('records the last use when the owner starts a run', async () => {
    const { client } = await signedIn(ctx);
    const bot = await createVia(client, docBot());
    expect(bot.lastUsedAt).toBeNull();
    expect((await client.request('POST', `/api/bots/${bot.id}/touch`)).status).toBe(204);
    const got = await client.json<BotJson>('GET', `/api/bots/${bot.id}`);
    expect(typeof got.body.lastUsedAt).toBe('string');
    expect(got.body.version).toBe(1);
  });
});
