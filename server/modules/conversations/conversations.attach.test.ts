import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { createApp } from '../../app';
import { TestClient, type TestContext } from '../../../tests/harness';
import type { FakeGemini } from '../../../tests/fakes/gemini';
import { key, parseUIStream, readUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import { testDbKind } from '../../../tests/env';
import { accessCast } from '../bots/bots.test-helpers';
import type { ConversationDetail } from '../../../contract/ai';

// Issue 13, item 2: a page opened or reloaded while a reply is written attaches to it
// (GET /api/conversations/:id/messages/:messageId/stream) and sees it grow to the end.

let ctx: TestContext;
let fake: FakeGemini;
let cast: Awaited<ReturnType<typeof accessCast>>;
useAiTest((t) => ({ ctx, fake } = t));
beforeAll(async () => {
  cast = await accessCast(ctx);
});

const owner = () => cast.owner.client;
const streamUrl = (conversationId: string, messageId: string) => `/api/conversations/${conversationId}/messages/${messageId}/stream`;

/** Reads a UI message stream until `enough` says so (or it ends); `rest` reads it to its end. */
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
  const rest = async () => {
    while (await more());
    return body;
  };
  return { body, rest };
}
const deltas = (body: string) => parseUIStream(body).chunks.filter((c) => c.type === 'text-delta').length;

/** A conversation of the owner's with a reply streaming slowly: 40 words at 40 a second, after 100 ms. */
async function slowReply(client = owner()) {
  const conversationId = (await client.json<{ id: string }>('POST', '/api/conversations', {})).body.id;
  fake.core.set({ ttftMs: 100, tokensPerSecond: 40, tokensPerChunk: 2, replyTokens: 40 });
  const sending = await client.post(`/api/conversations/${conversationId}/messages`, {
    idempotencyKey: key(),
    text: 'Explain cells slowly',
  });
  expect(sending.status).toBe(200);
  // The reply id is on the stream's first chunk; a few words arrive before anyone attaches.
  const seen = await readUntil(sending, (b) => deltas(b) >= 3);
  const messageId = String(parseUIStream(seen.body).chunks[0]!.messageId);
  return { conversationId, messageId, finished: seen.rest };
}

describe('attaching to a reply', () => {
  it('joins a reply being written here: the text so far at once, then it grows to the whole reply', async () => {
    const { conversationId, messageId } = await slowReply();
    const detail = await owner().json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
    expect(detail.body.messages.at(-1)).toMatchObject({ id: messageId, status: 'streaming' });

    const res = await owner().get(streamUrl(conversationId, messageId));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const stream = await readUIStream(res);
    const full = fake.requests[0]!.reply;
    expect(stream.done).toBe(true);
    expect(stream.text).toBe(full);
    // Joined mid-way: the first delta is what was written so far, and more came after it.
    const pieces = stream.chunks.filter((c) => c.type === 'text-delta').map((c) => String(c.delta));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces[0]!.length).toBeGreaterThan(0);
    expect(pieces[0]!.length).toBeLessThan(full.length);
    expect(stream.chunks[0]).toMatchObject({ type: 'start', messageId, messageMetadata: { conversationId, messageId } });
    expect(stream.chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { messageId, status: 'complete' } });
  });

  it('answers a finished reply as stored', async () => {
    const { conversationId, messageId, finished } = await slowReply();
    await finished();
    const res = await owner().get(streamUrl(conversationId, messageId));
    expect(res.status).toBe(200);
    const stream = await readUIStream(res);
    expect(stream.text).toBe(fake.requests[0]!.reply);
    expect(stream.chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { messageId, status: 'complete' } });
  });

  it('ends a reply no process is writing any more as interrupted, with its saved text', async () => {
    const { conversationId } = await slowReply();
    // A reply a stopped process left: streaming in the database, alive nowhere, its last checkpoint long ago.
    const [{ id: userTurn } = { id: '' }] = await ctx.database.db
      .select({ id: schema.aiMessage.id })
      .from(schema.aiMessage)
      .where(eq(schema.aiMessage.conversationId, conversationId))
      .limit(1);
    const left = crypto.randomUUID();
    await ctx.database.db.insert(schema.aiMessage).values({
      id: left,
      conversationId,
      seq: 100,
      role: 'assistant',
      replyTo: userTurn,
      text: 'Cells are the',
      status: 'streaming',
      checkpointAt: new Date(Date.now() - 10 * 60_000),
    });
    const stream = await readUIStream(await owner().get(streamUrl(conversationId, left)));
    expect(stream.text).toBe('Cells are the');
    expect(stream.chunks.at(-1)).toMatchObject({ type: 'error' });
    const [row] = await ctx.database.db.select().from(schema.aiMessage).where(eq(schema.aiMessage.id, left));
    expect(row!.status).toBe('interrupted');
  });

  // PGlite is one process: what is not live here is dead (the test above).
  it.skipIf(testDbKind() !== 'postgres')(
    'follows a reply another process is writing, through its checkpoints (several processes on PostgreSQL)',
    async () => {
      // A second app on the same database is another process: its own live replies, none of them this one.
      const other = createApp({
        config: ctx.config,
        database: ctx.database,
        auth: ctx.auth,
        mailer: ctx.mailer,
        hooks: ctx.hooks,
        timers: ctx.timers,
      });
      const elsewhere = new TestClient({ ...ctx, app: other });
      // Signed in before the reply starts: on a loaded machine the sign-in outlasted the one-second reply.
      await elsewhere.signIn(cast.owner.user.email);
      const { conversationId, messageId } = await slowReply();
      const res = await elsewhere.get(streamUrl(conversationId, messageId));
      expect(res.status).toBe(200);
      const stream = await readUIStream(res);
      const full = fake.requests[0]!.reply;
      expect(stream.text).toBe(full);
      expect(stream.chunks.filter((c) => c.type === 'text-delta').length).toBeGreaterThan(1);
      expect(stream.chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { messageId, status: 'complete' } });
    },
  );

  it('refuses everyone but the owner, and anything that is not a reply of the conversation', async () => {
    const { conversationId, messageId, finished } = await slowReply();
    for (const client of [cast.otherTeacher, cast.sameSchool, cast.otherSchool]) {
      expect((await client.get(streamUrl(conversationId, messageId))).status).toBe(404);
    }
    for (const client of [cast.student, cast.schoolStudent]) {
      expect((await client.get(streamUrl(conversationId, messageId))).status).toBe(403);
    }
    expect((await cast.signedOut.get(streamUrl(conversationId, messageId))).status).toBe(401);
    await finished();

    // The owner's other conversation, a user turn, an unknown or malformed id: not found.
    const another = (await owner().json<{ id: string }>('POST', '/api/conversations', {})).body.id;
    expect((await owner().get(streamUrl(another, messageId))).status).toBe(404);
    const detail = await owner().json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
    const userTurn = detail.body.messages.find((m) => m.role === 'user')!.id;
    expect((await owner().get(streamUrl(conversationId, userTurn))).status).toBe(404);
    expect((await owner().get(streamUrl(conversationId, crypto.randomUUID()))).status).toBe(404);
    expect((await owner().get(streamUrl(conversationId, 'not-a-uuid'))).status).toBe(404);
  });
});
