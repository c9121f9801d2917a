import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { signedIn, TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { imageBotOf, key, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { chatBot, createVia, docBot, makeSchool, teacherAt, tutorBot, type ErrorJson } from '../bots/bots.test-helpers';
import { syncBuiltinTemplates } from '../bots/templates/sync';
import { createConversation } from './conversations.store';
import { planChanged } from '../../core/plan-changes';

// Issue 12, item 2: the teacher's AI (the assistant, DocBots, ChatBots, a teacher's TutorBot run,
// images) decides its audience from the caller on the server. A student gets 403 on every route
// that could reach the provider, and the provider hears nothing.

let ctx: TestContext;
let fake: FakeGemini;
let school: Awaited<ReturnType<typeof makeSchool>>;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
/** On the school's domain, not on its teachers list: a student, whatever the account says. */
let schoolStudent: Awaited<ReturnType<typeof signedIn>>;
/** Taken off the school's teachers list after using the teacher's AI: a student now. */
let demoted: Awaited<ReturnType<typeof signedIn>>;
const demotedRuns: Record<'assistant' | 'docbot' | 'chatbot' | 'tutorbot', string> = {
  assistant: '',
  docbot: '',
  chatbot: '',
  tutorbot: '',
};
/** An assistant conversation a student could create before this fix (rows may exist). */
let studentAssistant: string;
const bots = { doc: '', chat: '', tutor: '', image: '' };
let template: string;

const docValues = { values: { topic: 'Adding halves' } };

async function sendTo(client: TestClient, conversationId: string, text = 'Plan a lesson on cells') {
  return client.request('POST', `/api/conversations/${conversationId}/messages`, { idempotencyKey: key(), text });
}
async function runOf(client: TestClient, botId: string, body: unknown = {}) {
  const res = await client.json<{ id: string }>('POST', `/api/bots/${botId}/runs`, body);
  expect(res.status).toBe(201);
  return res.body.id;
}
async function chatOnce(client: TestClient, conversationId: string) {
  const res = await sendTo(client, conversationId);
  expect(res.status).toBe(200);
  expect((await readUIStream(res)).done).toBe(true);
}

useAiTest((t) => ({ ctx, fake } = t));
beforeAll(async () => {
  await syncBuiltinTemplates(ctx.database.db);
  const [builtin] = await ctx.database.db.select({ id: schema.bot.id }).from(schema.bot).where(eq(schema.bot.kind, 'ChatBot')).limit(1);
  template = builtin!.id;
  school = await makeSchool(ctx);
  teacher = await signedIn(ctx, { role: 'teacher' });
  student = await signedIn(ctx, { role: 'student' });
  schoolStudent = await signedIn(ctx, { email: `kid@${school.domain}`, role: 'teacher' });
  bots.doc = (await createVia(teacher.client, { ...docBot(), visibility: 'public' })).id;
  bots.chat = (await createVia(teacher.client, { ...chatBot(), visibility: 'public' })).id;
  bots.tutor = (await createVia(teacher.client, { ...tutorBot(), visibility: 'public' })).id;
  bots.image = await imageBotOf(teacher.client, { visibility: 'public' });

  demoted = await teacherAt(ctx, school);
  demotedRuns.assistant = (await demoted.client.json<{ id: string }>('POST', '/api/conversations', {})).body.id;
  demotedRuns.docbot = await runOf(demoted.client, bots.doc, docValues);
  demotedRuns.chatbot = await runOf(demoted.client, bots.chat);
  demotedRuns.tutorbot = await runOf(demoted.client, bots.tutor);
  for (const id of Object.values(demotedRuns)) await chatOnce(demoted.client, id);
  await setOnList(false);

  studentAssistant = (await createConversation(ctx.database.db, student.user.id, 'Homework help')).id;
  fake.core.reset();
});

/**
 * Puts the demoted teacher on the school's teachers list or takes them off, announced as the
 * teachers list's own writes announce it (a plan change), and waits until their AI check says so.
 */
async function setOnList(on: boolean) {
  const { db } = ctx.database;
  if (on) await db.insert(schema.schoolTeacher).values({ schoolId: school.id, email: demoted.user.email });
  else
    await db
      .delete(schema.schoolTeacher)
      .where(and(eq(schema.schoolTeacher.schoolId, school.id), eq(schema.schoolTeacher.email, demoted.user.email)));
  await planChanged(db, demoted.user.id);
  const want = on ? 200 : 403;
  for (const until = Date.now() + 2000; ;) {
    const got = (await demoted.client.request('GET', '/api/conversations')).status;
    if (got === want) return;
    if (Date.now() > until) throw new Error(`the demoted teacher's AI check still answered ${got} 2 s after the list changed`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const students = () =>
  [
    ['a student', student],
    ['a student of a school', schoolStudent],
    ['a teacher taken off the teachers list', demoted],
  ] as const;

async function expectForbidden(res: Response) {
  const text = await res.text();
  expect(res.status, `${res.url} answered ${text.slice(0, 120)}`).toBe(403);
  const body = JSON.parse(text) as ErrorJson;
  expect(body.error.code).toBe('forbidden');
  expect(body.error.message).toMatch(/teacher tools/);
}

/** The user's metered AI calls. */
const usageOf = (userId: string) => ctx.database.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, userId));

describe("students and the teacher's AI", () => {
  it('refuses to create an assistant conversation (403), and stores none', async () => {
    for (const [, who] of students()) {
      await expectForbidden(await who.client.request('POST', '/api/conversations', {}));
    }
    const rows = await ctx.database.db.select().from(schema.conversation).where(eq(schema.conversation.ownerId, schoolStudent.user.id));
    expect(rows).toEqual([]);
  });

  it("refuses a message in a student's own assistant conversation (403), with no provider call", async () => {
    const res = await sendTo(student.client, studentAssistant);
    await expectForbidden(res);
    expect(fake.requests).toHaveLength(0);
    expect(await usageOf(student.user.id)).toEqual([]);
    const messages = await ctx.database.db.select().from(schema.aiMessage).where(eq(schema.aiMessage.conversationId, studentAssistant));
    expect(messages).toEqual([]);
  });

  it('refuses messages and retries in every old teacher conversation once the user is a student (403), with no provider call', async () => {
    const before = (await usageOf(demoted.user.id)).length;
    expect(before).toBe(4);
    for (const [kind, id] of Object.entries(demotedRuns)) {
      await expectForbidden(await sendTo(demoted.client, id));
      await expectForbidden(await demoted.client.request('POST', `/api/conversations/${id}/retry`, { idempotencyKey: key() }));
      expect(fake.requests, kind).toHaveLength(0);
    }
    expect(await usageOf(demoted.user.id)).toHaveLength(before);
    // Nor may they edit the document of their old DocBot run by hand.
    const [doc] = await ctx.database.db
      .select()
      .from(schema.aiMessage)
      .where(and(eq(schema.aiMessage.conversationId, demotedRuns.docbot), eq(schema.aiMessage.role, 'assistant')));
    const edit = await demoted.client.request('PATCH', `/api/conversations/${demotedRuns.docbot}/messages/${doc!.id}`, {
      text: 'edited',
      version: doc!.version,
    });
    await expectForbidden(edit);
    const [after] = await ctx.database.db.select().from(schema.aiMessage).where(eq(schema.aiMessage.id, doc!.id));
    expect(after!.text).toBe(doc!.text);
  });

  it('refuses to start a DocBot, ChatBot or TutorBot run, built-in templates included (403)', async () => {
    for (const [, who] of students()) {
      for (const [botId, body] of [
        [bots.doc, docValues],
        [bots.chat, {}],
        [bots.tutor, {}],
        [template, {}],
      ] as const) {
        const res = await who.client.request('POST', `/api/bots/${botId}/runs`, body);
        expect(res.status).toBe(403);
      }
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses image generation (403), with no provider call', async () => {
    for (const [, who] of students()) {
      await expectForbidden(
        await who.client.request('POST', '/api/images', { idempotencyKey: key(), prompt: 'A leaf', botId: bots.image }),
      );
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses reading and stopping old teacher conversations (403): they belong to the teacher tools', async () => {
    await expectForbidden(await demoted.client.request('GET', '/api/conversations'));
    await expectForbidden(await student.client.request('GET', '/api/conversations'));
    await expectForbidden(await demoted.client.request('GET', `/api/conversations/${demotedRuns.assistant}`));
    await expectForbidden(await student.client.request('GET', `/api/conversations/${studentAssistant}`));
    const [reply] = await ctx.database.db
      .select({ id: schema.aiMessage.id })
      .from(schema.aiMessage)
      .where(and(eq(schema.aiMessage.conversationId, demotedRuns.chatbot), eq(schema.aiMessage.role, 'assistant')));
    await expectForbidden(await demoted.client.request('POST', `/api/conversations/${demotedRuns.chatbot}/messages/${reply!.id}/stop`, {}));
  });

  it('keeps the old conversations: back on the teachers list, the same user reads and continues them', async () => {
    await setOnList(true);
    try {
      const detail = await demoted.client.json<{ messages: unknown[] }>('GET', `/api/conversations/${demotedRuns.docbot}`);
      expect([detail.status, detail.body.messages.length]).toEqual([200, 2]);
      await chatOnce(demoted.client, demotedRuns.docbot);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await setOnList(false);
    }
  });
});

describe("teachers and the teacher's AI", () => {
  it('lets a teacher create, send, retry, run each kind of bot and generate an image', async () => {
    const created = await teacher.client.json<{ id: string }>('POST', '/api/conversations', {});
    expect(created.status).toBe(201);
    await chatOnce(teacher.client, created.body.id);
    const retried = await teacher.client.request('POST', `/api/conversations/${created.body.id}/retry`, { idempotencyKey: key() });
    expect(retried.status).toBe(200);
    expect((await readUIStream(retried)).done).toBe(true);
    for (const [botId, body] of [
      [bots.doc, docValues],
      [bots.chat, {}],
      [bots.tutor, {}],
      [template, {}],
    ] as const) {
      await chatOnce(teacher.client, await runOf(teacher.client, botId, body));
    }
    const image = await teacher.client.request('POST', '/api/images', { idempotencyKey: key(), prompt: 'A leaf', botId: bots.image });
    expect(image.status).toBe(201);
    expect(fake.requests.map((r) => r.kind)).toEqual(['text', 'text', 'text', 'text', 'text', 'text', 'image']);
    expect((await teacher.client.request('GET', '/api/conversations')).status).toBe(200);
  });

  it('lets a teacher of a school use it too (on the teachers list)', async () => {
    const listed = await teacherAt(ctx, school);
    const created = await listed.client.json<{ id: string }>('POST', '/api/conversations', {});
    await chatOnce(listed.client, created.body.id);
    expect(fake.requests).toHaveLength(1);
  });
});

describe("signed-out visitors and the teacher's AI", () => {
  it('refuses every AI route with 401, with no provider call', async () => {
    const visitor = new TestClient(ctx);
    const id = demotedRuns.assistant;
    for (const [method, url, body] of [
      ['GET', '/api/conversations', undefined],
      ['POST', '/api/conversations', {}],
      ['GET', `/api/conversations/${id}`, undefined],
      ['POST', `/api/conversations/${id}/messages`, { idempotencyKey: key(), text: 'Hello' }],
      ['POST', `/api/conversations/${id}/retry`, { idempotencyKey: key() }],
      ['POST', `/api/conversations/${id}/messages/${id}/stop`, {}],
      ['POST', `/api/bots/${bots.chat}/runs`, {}],
      ['POST', '/api/images', { idempotencyKey: key(), prompt: 'A leaf', botId: bots.image }],
    ] as const) {
      const res = await visitor.request(method, url, body);
      expect([method, url, res.status, ((await res.json()) as ErrorJson).error.code]).toEqual([method, url, 401, 'unauthenticated']);
    }
    expect(fake.requests).toHaveLength(0);
  });
});
