import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { startBackgroundWork } from '../../jobs';
import type { SendStage } from '../../core/context';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { countingDatabase } from '../../../tests/statement-counter';
import { chatBot, createVia, docBot, makeFile } from '../bots/bots.test-helpers';
import { assignmentWorld, SECRET_INSTRUCTIONS } from '../my-assignments/my-assignments.test-helpers';

// Issue 15 item 2: between the session and the model call a send makes two statements, the one
// read (conversation, bot run, bot, knowledge, turns) and the one write that stores the turn,
// whatever it runs (the assistant, a DocBot or ChatBot, a student's tutor). The quota pool is
// remembered per process, so each case sends once to warm it and counts the second send.
let ctx: TestContext;
let fake: FakeGemini;
let counted: TestContext;
let statements: string[];
const marks: [SendStage, number][] = [];
useAiTest((t) => ({ ctx, fake } = t));
beforeAll(() => {
  const counting = countingDatabase(ctx.database);
  statements = counting.statements;
  const deps = {
    config: ctx.config,
    database: counting.database,
    auth: ctx.auth,
    mailer: ctx.mailer,
    hooks: ctx.hooks,
    timers: ctx.timers,
    // The stage marks say where the session ends and the model call begins.
    sendTrace: (stage: SendStage) => void marks.push([stage, statements.length]),
  };
  counted = { ...ctx, ...deps, app: createApp(deps) };
  startBackgroundWork(deps, { scheduled: false });
});

/** Sends through the counting app; answers the statements made after the session and before the model call. */
async function countedSend(client: TestClient, url: string, text: string): Promise<string[]> {
  marks.length = 0;
  const res = await client.post(url, { idempotencyKey: key(), text });
  expect(res.status).toBe(200);
  expect((await readUIStream(res)).done).toBe(true);
  const from = marks.find(([stage]) => stage === 'session')![1];
  const to = marks.find(([stage]) => stage === 'sdk')![1];
  return statements.slice(from, to);
}

/** Warms the pool with one send, then answers the second send's statements. */
async function secondSend(client: TestClient, url: string): Promise<string[]> {
  await countedSend(client, url, 'First');
  return countedSend(client, url, 'Now make it shorter');
}

function expectOneReadOneWrite(sent: string[], read: RegExp) {
  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatch(/^select /);
  expect(sent[0]).toMatch(read);
  expect(sent[0]).toMatch(/json_agg/);
  expect(sent[1]).toMatch(/with rate as/);
  expect(sent[1]).toMatch(/insert into ai_message/);
}

describe('statements of a send, between the session and the model call', () => {
  it("a DocBot turn: one read (form and knowledge included) and one write, as the assistant's", async () => {
    const { user, client } = await signedIn(counted, { role: 'teacher' });
    const file = await makeFile(ctx, user.id);
    const bot = await createVia(client, { ...docBot({ instructions: 'You write fractions worksheets.' }), knowledgeFileIds: [file] });
    const run = await client.json<{ id: string }>('POST', `/api/bots/${bot.id}/runs`, { values: { topic: 'Adding halves' } });
    expect(run.status).toBe(201);
    const sent = await secondSend(client, `/api/conversations/${run.body.id}/messages`);
    expectOneReadOneWrite(sent, /"bot_run"/);
    // What the one read found reached the prompt: instructions, form, knowledge and the history.
    const prompt = fake.core.everythingSent();
    expect(prompt).toContain('You write fractions worksheets.');
    expect(prompt).toContain('Topic: Adding halves');
    expect(prompt).toContain('Photosynthesis turns light into sugar.');
    expect(prompt).toContain('First');

    const assistant = await client.json<{ id: string }>('POST', '/api/conversations', {});
    expectOneReadOneWrite(await secondSend(client, `/api/conversations/${assistant.body.id}/messages`), /"conversation"/);
  });

  it('a ChatBot turn: one read and one write', async () => {
    const { client } = await signedIn(counted, { role: 'teacher' });
    const bot = await createVia(client, chatBot({ instructions: 'You plan lessons with a warm tone.' }));
    const run = await client.json<{ id: string }>('POST', `/api/bots/${bot.id}/runs`);
    expect(run.status).toBe(201);
    expectOneReadOneWrite(await secondSend(client, `/api/conversations/${run.body.id}/messages`), /"bot_run"/);
    expect(fake.core.everythingSent()).toContain('You plan lessons with a warm tone.');
  });

  it("a student's tutor turn: one read (the tutor's instructions and knowledge included), one write; the message's check runs beside the call", async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    const client = await new TestClient(counted).signIn(student.user.email);
    expect((await client.post(`/api/my-assignments/${student.asid}/start`)).status).toBe(200);
    const all = await secondSend(client, `/api/my-assignments/${student.asid}/messages`);
    // Issue 27: the message is moderated beside the tutor's call, so its usage row (one insert
    // each for the message's check and the reply's first) may land before the call is open or after.
    const sent = all.filter((q) => !/^insert into "ai_usage"/.test(q));
    expect(all.length - sent.length).toBeLessThanOrEqual(2);
    expectOneReadOneWrite(sent, /"student_assignment"/);
    expect(sent[1]).toMatch(/update "student_assignment"/);
    const prompt = fake.core.everythingSent();
    expect(prompt).toContain(SECRET_INSTRUCTIONS);
    expect(prompt).toContain('Photosynthesis turns light into sugar.');
  });
});
