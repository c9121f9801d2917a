import { describe, expect, it } from 'vitest';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { titleFromMessage } from '../conversations/conversations.title';
import { chatBot, createVia, docBot, makeFile, tutorBot, type BotJson, type ErrorJson } from './bots.test-helpers';
import { findTemplateRows, syncBuiltinTemplates } from './templates/sync';

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));

type Conversation = { id: string; botId: string; botKind: string; title: string };

async function send(client: TestClient, conversationId: string, text: string) {
  const res = await client.request('POST', `/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text });
  return {
    status: res.status,
    stream: res.status === 200 ? await readUIStream(res) : null,
    body: res.status === 200 ? null : ((await res.json()) as ErrorJson),
  };
}

describe('running a bot (the run spec given to the AI engine)', () => {
  it('checks a DocBot form on the server and gives the model the instructions, format, form and knowledge', async () => {
    const { client, user } = await signedIn(ctx);
    const file = await makeFile(ctx, user.id);
    const bot = await createVia(client, { ...docBot({ instructions: 'You write fractions worksheets.' }), knowledgeFileIds: [file] });

    const missing = await client.json<ErrorJson>('POST', `/api/bots/${bot.id}/runs`, { values: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ 'values.topic': 'Fill in "Topic".' });
    const badChoice = await client.json<ErrorJson>('POST', `/api/bots/${bot.id}/runs`, { values: { topic: 'Halves', level: 'Expert' } });
    expect(badChoice.body.error.fields).toEqual({ 'values.level': 'Choose "Level" from the list.' });

    const run = await client.json<Conversation>('POST', `/api/bots/${bot.id}/runs`, { values: { topic: 'Adding halves', ignored: 'x' } });
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ botId: bot.id, botKind: 'docbot', title: 'Fractions worksheet' });
    const out = await send(client, run.body.id, 'Generate');
    expect(out.stream?.done).toBe(true);
    const sent = fake.core.everythingSent();
    expect(sent).toContain('You write fractions worksheets.');
    expect(sent).toContain('Output format:');
    expect(sent).toContain('Topic: Adding halves');
    expect(sent).toContain('Level: Easy');
    expect(sent).not.toContain('ignored');
    expect(sent).toContain('Photosynthesis turns light into sugar.');
    const got = await client.json<BotJson>('GET', `/api/bots/${bot.id}`);
    expect(got.body.lastUsedAt).not.toBeNull();
  });

  it('runs a built-in template without a copy, and frames a TutorBot preview as a student would meet it', async () => {
    await syncBuiltinTemplates(ctx.database.db);
    const { client } = await signedIn(ctx);
    const [math] = await findTemplateRows(ctx.database.db, ['tutor.socratic-math']);
    const run = await client.json<Conversation>('POST', `/api/bots/${math!.id}/runs`);
    expect(run.status).toBe(201);
    expect((await send(client, run.body.id, 'Just tell me the answer to 3/4 + 1/8')).stream?.done).toBe(true);
    const sent = fake.core.everythingSent();
    expect(sent).toContain('final answer never appears');
    expect(sent).toContain('call or text 988');
    expect(sent).toContain('Grade level: Grade 6');
    expect(sent).toContain('hint ladder');
    const mine = await client.json<{ items: unknown[] }>('GET', '/api/bots?kind=TutorBot&tab=mine');
    expect(mine.body.items).toEqual([]);
  });

  it('refuses runs of bots the caller may not see, and stops a run whose bot was deleted', async () => {
    const owner = await signedIn(ctx);
    const bot = await createVia(owner.client, tutorBot());
    const other = await signedIn(ctx);
    expect((await other.client.json('POST', `/api/bots/${bot.id}/runs`)).status).toBe(404);
    const student = await signedIn(ctx, { role: 'student' });
    expect((await student.client.json('POST', `/api/bots/${bot.id}/runs`)).status).toBe(403);
    expect((await new TestClient(ctx).json('POST', `/api/bots/${bot.id}/runs`)).status).toBe(401);

    const run = await owner.client.json<Conversation>('POST', `/api/bots/${bot.id}/runs`);
    expect((await send(owner.client, run.body.id, 'Hello')).status).toBe(200);
    const runs = await owner.client.json<{ conversations: Conversation[] }>('GET', `/api/bots/${bot.id}/runs`);
    expect(runs.body.conversations.map((c) => c.id)).toEqual([run.body.id]);
    expect((await other.client.json('GET', `/api/bots/${bot.id}/runs`)).status).toBe(404);
    await owner.client.request('DELETE', `/api/bots/${bot.id}`);
    const after = await send(owner.client, run.body.id, 'Are you there?');
    expect(after.status).toBe(404);
    expect(after.body?.error.message).toBe('This bot is not available any more.');
  });

  it('titles each chat and tutor run by its first question, so past conversations tell apart; a DocBot run keeps its name', async () => {
    const { client } = await signedIn(ctx);
    const chat = await createVia(client, chatBot({ name: 'Planner' }));
    const long = `  How could I plan a week of   fractions lessons for a class where half the students are still unsure about equivalent fractions?  `;
    const titles: string[] = [];
    for (const question of ['Ideas for a lesson on volcanoes?', long]) {
      const run = await client.json<Conversation>('POST', `/api/bots/${chat.id}/runs`);
      expect((await send(client, run.body.id, question)).stream?.done).toBe(true);
      expect((await send(client, run.body.id, 'And a second question')).stream?.done).toBe(true);
      titles.push(titleFromMessage(question));
    }
    const runs = await client.json<{ conversations: Conversation[] }>('GET', `/api/bots/${chat.id}/runs`);
    expect(runs.body.conversations.map((c) => c.title)).toEqual([
      'How could I plan a week of fractions lessons for a class where half the…',
      'Ideas for a lesson on volcanoes?',
    ]);
    expect(titles.reverse()).toEqual(runs.body.conversations.map((c) => c.title));
    const tutor = await createVia(client, tutorBot());
    const tutorRun = await client.json<Conversation>('POST', `/api/bots/${tutor.id}/runs`);
    await send(client, tutorRun.body.id, 'What is a numerator?');
    expect((await client.json<{ conversations: Conversation[] }>('GET', `/api/bots/${tutor.id}/runs`)).body.conversations[0]!.title).toBe(
      'What is a numerator?',
    );
    const doc = await createVia(client, docBot({ name: 'Fractions sheet' }));
    const docRun = await client.json<Conversation>('POST', `/api/bots/${doc.id}/runs`, { values: { topic: 'Halves' } });
    await send(client, docRun.body.id, 'Write the document from the form.');
    expect((await client.json<{ conversations: Conversation[] }>('GET', `/api/bots/${doc.id}/runs`)).body.conversations[0]!.title).toBe(
      'Fractions sheet',
    );
  });

  it('shortens a first question to a title at a word boundary, on one line', () => {
    expect(titleFromMessage('  What   is\n a  fraction?  ')).toBe('What is a fraction?');
    expect(titleFromMessage('x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
    const words = titleFromMessage('word, '.repeat(30));
    expect(words.length).toBeLessThanOrEqual(80);
    expect(words).toMatch(/^(word, )*word…$/);
  });
});
