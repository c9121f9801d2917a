import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, readUIStream, startAiTest } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import type { ConversationDetail, ConversationList, ConversationMessage, MessageConflictBody } from '../../../contract/ai';
import { chatBot, createVia, docBot, makeSchool, teacherAt, type ErrorJson } from '../bots/bots.test-helpers';

// Issue 13, items 1, 3 and 7: a teacher's hand edit of a DocBot document is kept with the run
// (PATCH /api/conversations/:id/messages/:messageId), a run whose first generation produced
// nothing is not listed under Earlier documents, and a reopened run carries its form's answers.

let ctx: TestContext;
let fake: FakeGemini;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let botId: string;

useAiTest((t) => ({ ctx, fake } = t), { AI_QUOTA_FREE_TEXT: '30' });
beforeAll(async () => {
  teacher = await signedIn(ctx, { role: 'teacher' });
  botId = (await createVia(teacher.client, docBot())).id;
});

const values = { values: { topic: 'Adding halves', level: 'Hard' } };

async function startRun(client: TestClient, bot = botId, body: unknown = values) {
  const res = await client.json<{ id: string }>('POST', `/api/bots/${bot}/runs`, body);
  expect(res.status).toBe(201);
  return res.body.id;
}
async function generate(client: TestClient, conversationId: string, text = 'Write the document from the form.') {
  const res = await client.post(`/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text });
  expect(res.status).toBe(200);
  expect((await readUIStream(res)).done).toBe(true);
}
const detail = async (client: TestClient, id: string) => (await client.json<ConversationDetail>('GET', `/api/conversations/${id}`)).body;
const lastReply = async (client: TestClient, id: string) =>
  (await detail(client, id)).messages.filter((m) => m.role === 'assistant').at(-1)!;
const edit = (client: TestClient, id: string, messageId: string, body: unknown) =>
  client.json<ConversationMessage & MessageConflictBody & ErrorJson>('PATCH', `/api/conversations/${id}/messages/${messageId}`, body);
const listed = async (client: TestClient, bot = botId) =>
  (await client.json<ConversationList>('GET', `/api/bots/${bot}/runs`)).body.conversations.map((c) => c.id);

/** A generated DocBot document of the teacher's: its run and its reply. */
async function generatedDoc(client = teacher.client) {
  const id = await startRun(client);
  await generate(client, id);
  return { id, reply: await lastReply(client, id) };
}

describe('hand edits of a DocBot document', () => {
  it('keeps the edit with the run: reopening shows it, the model text is kept aside, and each edit bumps the version', async () => {
    const { id, reply } = await generatedDoc();
    expect(reply).toMatchObject({ status: 'complete', version: 1, edited: false });
    const modelText = reply.text;
    expect(modelText.length).toBeGreaterThan(0);

    const first = await edit(teacher.client, id, reply.id, { text: '# My worksheet\n\nMine now.', version: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: reply.id, text: '# My worksheet\n\nMine now.', version: 2, edited: true, status: 'complete' });
    const second = await edit(teacher.client, id, reply.id, { text: '# My worksheet\n\nMine, again.', version: 2 });
    expect(second.body).toMatchObject({ version: 3, text: '# My worksheet\n\nMine, again.' });

    const reopened = await lastReply(teacher.client, id);
    expect(reopened).toMatchObject({ id: reply.id, text: '# My worksheet\n\nMine, again.', version: 3, edited: true });
    const [row] = await ctx.database.db.select().from(schema.aiMessage).where(eq(schema.aiMessage.id, reply.id));
    expect(row!.originalText).toBe(modelText);
  });

  it('answers a stale version 409 with the document as stored, and changes nothing', async () => {
    const { id, reply } = await generatedDoc();
    expect((await edit(teacher.client, id, reply.id, { text: 'tab one', version: 1 })).status).toBe(200);
    const stale = await edit(teacher.client, id, reply.id, { text: 'tab two', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.current).toMatchObject({ id: reply.id, text: 'tab one', version: 2 });
    expect((await lastReply(teacher.client, id)).text).toBe('tab one');
  });

  it('gives Refine the edited document as the history the model sees', async () => {
    const { id, reply } = await generatedDoc();
    await edit(teacher.client, id, reply.id, { text: 'EDITED-BY-HAND worksheet body', version: 1 });
    fake.core.reset();
    await generate(teacher.client, id, 'Make it shorter');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.raw).toContain('EDITED-BY-HAND worksheet body');
  });

  it('refuses to edit a document replaced by Regenerate or followed by a newer one', async () => {
    const { id, reply } = await generatedDoc();
    const retry = await teacher.client.post(`/api/conversations/${id}/retry`, { idempotencyKey: key() });
    expect((await readUIStream(retry)).done).toBe(true);
    const superseded = await edit(teacher.client, id, reply.id, { text: 'too late', version: 1 });
    expect(superseded.status).toBe(409);
    expect(superseded.body.current).toBeUndefined();

    const newest = await lastReply(teacher.client, id);
    await generate(teacher.client, id, 'Add an answer key');
    const older = await edit(teacher.client, id, newest.id, { text: 'older one', version: 1 });
    expect(older.status).toBe(409);
    const [row] = await ctx.database.db.select().from(schema.aiMessage).where(eq(schema.aiMessage.id, newest.id));
    expect(row!.originalText).toBeNull();
  });

  it('refuses a reply still being written, and allows it once finished', async () => {
    const id = await startRun(teacher.client);
    fake.core.set({ ttftMs: 300, tokensPerSecond: 10 });
    const res = await teacher.client.post(`/api/conversations/${id}/messages`, { idempotencyKey: key(), text: 'Write it' });
    expect(res.status).toBe(200);
    const streaming = await lastReply(teacher.client, id);
    expect(streaming.status).toBe('streaming');
    const refused = await edit(teacher.client, id, streaming.id, { text: 'not yet', version: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/still being written/);
    expect((await readUIStream(res)).done).toBe(true);
    const done = await lastReply(teacher.client, id);
    expect(done.text).not.toBe('not yet');
    expect((await edit(teacher.client, id, streaming.id, { text: 'now', version: 1 })).status).toBe(200);
  });

  it('validates the body', async () => {
    const { id, reply } = await generatedDoc();
    for (const body of [{ text: 'no version' }, { version: 1 }, { text: 'x', version: 0 }, { text: 'nul \u0000', version: 1 }]) {
      const res = await edit(teacher.client, id, reply.id, body);
      expect(res.status).toBe(422);
    }
    expect((await lastReply(teacher.client, id)).edited).toBe(false);
  });
});

describe('who may edit a document', () => {
  it('refuses signed out, a student, another teacher, a teacher of another school, a user message and a chat reply', async () => {
    const { id, reply } = await generatedDoc();
    const body = { text: 'intruder', version: 1 };

    expect((await edit(new TestClient(ctx), id, reply.id, body)).status).toBe(401);
    const student = await signedIn(ctx, { role: 'student' });
    expect((await edit(student.client, id, reply.id, body)).status).toBe(403);
    const other = await signedIn(ctx, { role: 'teacher' });
    expect((await edit(other.client, id, reply.id, body)).status).toBe(404);
    const school = await makeSchool(ctx);
    const elsewhere = await teacherAt(ctx, school);
    expect((await edit(elsewhere.client, id, reply.id, body)).status).toBe(404);
    // Their own run, named with the message of another run: not found either.
    const theirs = await startRun(other.client, (await createVia(other.client, docBot())).id);
    expect((await edit(other.client, theirs, reply.id, body)).status).toBe(404);

    const user = (await detail(teacher.client, id)).messages.find((m) => m.role === 'user')!;
    expect((await edit(teacher.client, id, user.id, body)).status).toBe(404);
    expect((await edit(teacher.client, id, 'not-a-uuid', body)).status).toBe(404);

    const chatId = (await createVia(teacher.client, chatBot())).id;
    const chatRun = await startRun(teacher.client, chatId, {});
    await generate(teacher.client, chatRun, 'Hello');
    const chatReply = await lastReply(teacher.client, chatRun);
    expect((await edit(teacher.client, chatRun, chatReply.id, body)).status).toBe(409);

    expect((await lastReply(teacher.client, id)).text).toBe(reply.text);
  });
});

describe('Earlier documents', () => {
  it('lists a run once it produced a document, and leaves out runs that never did', async () => {
    const owner = await signedIn(ctx, { role: 'teacher' });
    const bot = (await createVia(owner.client, docBot())).id;
    const never = await startRun(owner.client, bot);

    const failed = await startRun(owner.client, bot);
    const { allowConsoleErrors } = await import('../../../tests/setup');
    allowConsoleErrors();
    fake.core.failNext({ kind: 'status', status: 400, message: 'bad request' });
    const res = await owner.client.post(`/api/conversations/${failed}/messages`, { idempotencyKey: key(), text: 'Write it' });
    expect(res.status).toBe(502);
    expect((await lastReply(owner.client, failed)).status).toBe('failed');

    const ok = await startRun(owner.client, bot);
    await generate(owner.client, ok);
    expect(await listed(owner.client, bot)).toEqual([ok]);

    // Try again after the failure: the run produced its document now, and is listed.
    const retry = await owner.client.post(`/api/conversations/${failed}/retry`, { idempotencyKey: key() });
    expect((await readUIStream(retry)).done).toBe(true);
    expect(await listed(owner.client, bot)).toEqual([failed, ok]);
    // The unlisted run still opens from its address.
    expect((await owner.client.json('GET', `/api/conversations/${never}`)).status).toBe(200);
  });

  it('leaves out a run whose generation was refused because the month is used up', async () => {
    const { ctx: tight, fake: tightFake } = await startAiTest({ AI_QUOTA_FREE_TEXT: '1' });
    try {
      const owner = await signedIn(tight, { role: 'teacher' });
      const bot = (await createVia(owner.client, docBot())).id;
      const first = await startRun(owner.client, bot);
      await generate(owner.client, first);
      const refused = await startRun(owner.client, bot);
      const res = await owner.client.post(`/api/conversations/${refused}/messages`, { idempotencyKey: key(), text: 'Write it' });
      expect(res.status).toBe(429);
      expect(await listed(owner.client, bot)).toEqual([first]);
    } finally {
      await tight.close();
      await tightFake.close();
    }
  });
});

describe('a reopened run', () => {
  it("carries the form's answers it was generated from; other conversations carry none", async () => {
    const { id } = await generatedDoc();
    expect((await detail(teacher.client, id)).inputs).toEqual([
      { key: 'topic', label: 'Topic', value: 'Adding halves' },
      { key: 'level', label: 'Level', value: 'Hard' },
    ]);
    const assistant = await teacher.client.json<{ id: string }>('POST', '/api/conversations', {});
    expect((await detail(teacher.client, assistant.body.id)).inputs).toEqual([]);
  });
});
