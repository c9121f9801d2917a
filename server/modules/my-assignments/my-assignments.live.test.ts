import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { liveMessage, type LiveMessage } from '../../../contract/live';
import { createApp } from '../../app';
import { startBackgroundWork } from '../../jobs';
import { createAppAuth } from '../../compose';
import { openPostgres, schema } from '../../db/client';
import { liveHub } from '../../core/live';
import { TestClient, type TestContext } from '../../../tests/harness';
import { databaseUrlFor, testDbKind } from '../../../tests/env';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, parseUIStream, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { assignmentWorld, deleteAssignment, giveTutorIcon, removeFromRoster, type World } from './my-assignments.test-helpers';

// Issue 14, item 4: removing a student from the class or deleting the assignment cuts access on
// the next request, an open stream included; item 2: the teacher's table hears of every message live.

type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
let fake: FakeGemini;
useAiTest((t) => ({ ctx, fake } = t));
afterAll(() => liveHub(ctx.database).closeAll());

type Student = Awaited<ReturnType<World['addStudent']>>;
const url = (s: Student, rest = '') => `/api/my-assignments/${s.asid}${rest}`;

async function started(options: Parameters<typeof assignmentWorld>[1] = {}) {
  const world = await assignmentWorld(ctx, options);
  const student = await world.addStudent();
  expect((await student.client.json('POST', url(student, '/start'))).status).toBe(200);
  return { world, student };
}

/** Reads a UI message stream until `enough` says so; `rest` reads it to its end. */
async function readUntil(res: Response, enough: (body: string) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let body = '';
  const more = async () => {
    const { done, value } = await reader.read();
    if (!done) body += decoder.decode(value, { stream: true });
    return !done;
  };
  while (!enough(body) && (await more()));
  return {
    rest: async () => {
      while (await more());
      return body;
    },
  };
}

/** A teacher's live stream, one message at a time. */
async function openLive(client: TestClient) {
  const res = await client.get('/api/live');
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: LiveMessage[] = [];
  const next = async (): Promise<LiveMessage> => {
    const deadline = Date.now() + 5000;
    while (!queue.length) {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no live message in time')), deadline - Date.now()).unref(),
      );
      const chunk = await Promise.race([reader.read(), timeout]);
      if (chunk.done) throw new Error('the stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        for (const line of buffer.slice(0, cut).split('\n')) {
          if (line.startsWith('data: ')) queue.push(liveMessage.parse(JSON.parse(line.slice(6))));
        }
        buffer = buffer.slice(cut + 2);
      }
    }
    return queue.shift()!;
  };
  expect(await next()).toEqual({ type: 'sync' });
  return { next, cancel: () => reader.cancel() };
}

describe('cutting access', () => {
  it('answers the next request of a student taken off the roster as an unknown id would, on every route', async () => {
    const { world, student } = await started();
    await readUIStream(await student.client.post(url(student, '/messages'), { idempotencyKey: key(), text: 'Hi' }));
    const replyId = (await student.client.json<{ messages: { id: string; role: string }[] }>('GET', url(student))).body.messages.find(
      (m) => m.role === 'assistant',
    )!.id;
    const unknown = await student.client.json<ErrorJson>('GET', `/api/my-assignments/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);

    await giveTutorIcon(ctx, world);
    expect((await student.client.get(url(student, '/icon'))).status).toBe(200);

    await removeFromRoster(ctx, student.entry.id);
    const answers = [
      await student.client.request('GET', url(student)),
      await student.client.get(url(student, '/icon')),
      await student.client.post(url(student, '/start')),
      await student.client.post(url(student, '/submit')),
      await student.client.post(url(student, '/messages'), { idempotencyKey: key(), text: 'Still there?' }),
      await student.client.post(url(student, '/retry'), { idempotencyKey: key() }),
      await student.client.get(url(student, `/messages/${replyId}/stream`)),
      await student.client.post(url(student, `/messages/${replyId}/stop`)),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorJson).error.message).toBe(unknown.body.error.message);
    }
    const list = await student.client.json<{ assignments: unknown[] }>('GET', '/api/my-assignments');
    expect(list.body.assignments).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    // The teacher's record of the work stays.
    const [row] = await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, student.asid));
    expect(row!.messageCount).toBe(1);
    expect(world.assignment.id).toBe(row!.assignmentId);
  });

  it('refuses everything once the teacher deleted the assignment', async () => {
    const { world, student } = await started();
    await giveTutorIcon(ctx, world);
    await readUIStream(await student.client.post(url(student, '/messages'), { idempotencyKey: key(), text: 'Hi' }));
    const replyId = (await student.client.json<{ messages: { id: string; role: string }[] }>('GET', url(student))).body.messages.find(
      (m) => m.role === 'assistant',
    )!.id;
    expect((await student.client.get(url(student, '/icon'))).status).toBe(200);
    const unknown = await student.client.json<ErrorJson>('GET', `/api/my-assignments/${crypto.randomUUID()}`);

    await deleteAssignment(ctx, world.assignment.id);
    const answers = [
      await student.client.request('GET', url(student)),
      await student.client.get(url(student, '/icon')),
      await student.client.post(url(student, '/start')),
      await student.client.post(url(student, '/messages'), { idempotencyKey: key(), text: 'Still there?' }),
      await student.client.post(url(student, '/retry'), { idempotencyKey: key() }),
      await student.client.get(url(student, `/messages/${replyId}/stream`)),
      await student.client.post(url(student, `/messages/${replyId}/stop`)),
      await student.client.post(url(student, '/submit')),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorJson).error.message).toBe(unknown.body.error.message);
    }
    expect((await student.client.json<{ assignments: unknown[] }>('GET', '/api/my-assignments')).body.assignments).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(
      (await ctx.database.db.select().from(schema.studentAssignment).where(eq(schema.studentAssignment.id, student.asid)))[0],
    ).toMatchObject({
      status: 'in_progress',
      messageCount: 1,
    });
  });

  for (const [what, cut] of [
    ['the student is taken off the roster', (w: World, s: Student) => removeFromRoster(ctx, s.entry.id)],
    ['the teacher deletes the assignment', (w: World) => deleteAssignment(ctx, w.assignment.id)],
  ] as const) {
    it(`ends an open stream when ${what}`, async () => {
      const { world, student } = await started();
      fake.core.set({ ttftMs: 50, tokensPerSecond: 20, tokensPerChunk: 2, replyTokens: 200, recordChunkTimes: true });
      const res = await student.client.post(url(student, '/messages'), { idempotencyKey: key(), text: 'Explain slowly' });
      expect(res.status).toBe(200);
      const reading = await readUntil(res, (b) => b.includes('"text-start"'));
      // Some of the reply has come from the model: a few chunks sent.
      await expect.poll(() => fake.requests[0]?.chunkTimes.length ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const cutAt = Date.now();
      await cut(world, student);
      const body = await reading.rest();
      // Ten seconds of reply cut within a few checkpoint intervals (100 ms here).
      expect(Date.now() - cutAt).toBeLessThan(3000);
      const out = parseUIStream(body);
      // A student's reply streams in checked pieces; what was written and not yet released came
      // with the end, once the closing check passed; nothing was replaced.
      expect(out.chunks.filter((c) => c.type === 'text-delta' && c.id === 'text-0').length).toBeGreaterThan(0);
      expect(out.chunks.filter((c) => c.type === 'text-start' && c.id === 'text-1')).toEqual([]);
      expect(out.text.length).toBeGreaterThan(0);
      expect(out.text.length).toBeLessThan(fake.requests[0]!.reply.length);
      const [reply] = await ctx.database.db
        .select()
        .from(schema.aiMessage)
        .where(eq(schema.aiMessage.role, 'assistant'))
        .orderBy(sql`${schema.aiMessage.createdAt} desc`)
        .limit(1);
      expect(reply!.text).toBe(out.text);
      expect(reply).toMatchObject({ status: 'interrupted', errorCode: 'stopped' });
    });
  }
});

describe("the teacher's live table", () => {
  it('hears of Start, of each message when it is stored and when its reply ends, and of "I\'m done"', async () => {
    const world = await assignmentWorld(ctx);
    const student = await world.addStudent();
    const live = await openLive(world.teacher.client);
    const event = { type: 'assignment.updated', assignmentId: world.assignment.id, studentAssignmentId: student.asid };
    try {
      await student.client.json('POST', url(student, '/start'));
      expect(await live.next()).toEqual(event);
      await readUIStream(await student.client.post(url(student, '/messages'), { idempotencyKey: key(), text: 'Hi' }));
      expect(await live.next()).toEqual(event);
      expect(await live.next()).toEqual(event);
      await student.client.json('POST', url(student, '/submit'));
      expect(await live.next()).toEqual(event);
    } finally {
      await live.cancel();
    }
  });

  it.skipIf(testDbKind() !== 'postgres')(
    "PostgreSQL only: two app processes: a student's send through one reaches the teacher's stream served by the other",
    async () => {
      const world = await assignmentWorld(ctx);
      const student = await world.addStudent();
      await student.client.json('POST', url(student, '/start'));
      const rows = (await ctx.database.db.execute(sql`select current_database() as name`)) as { rows: { name: string }[] };
      const database = await openPostgres(databaseUrlFor(rows.rows[0]!.name), { max: 2 });
      const auth = createAppAuth({ config: ctx.config, db: database.db, mailer: ctx.mailer, secret: ctx.config.authSecret! });
      const deps = { config: ctx.config, database, auth, mailer: ctx.mailer, hooks: ctx.hooks, timers: ctx.timers };
      const app = createApp(deps);
      startBackgroundWork(deps, { scheduled: false });
      const teacherOnB = await new TestClient({ ...ctx, database, auth, app }).signIn(world.teacher.user.email);
      try {
        const live = await openLive(teacherOnB);
        expect(liveHub(database).subscriberCount(world.teacher.user.id)).toBe(1);
        expect(liveHub(ctx.database).subscriberCount(world.teacher.user.id)).toBe(0);
        await readUIStream(await student.client.post(url(student, '/messages'), { idempotencyKey: key(), text: 'Hi from A' }));
        expect(await live.next()).toEqual({
          type: 'assignment.updated',
          assignmentId: world.assignment.id,
          studentAssignmentId: student.asid,
        });
        await live.cancel();
      } finally {
        liveHub(database).closeAll();
        await database.close();
      }
    },
  );
});
