// Issue 28: three app processes behind nginx (round robin, no sticky sessions) on one PostgreSQL
// database and an S3-compatible store (moto), as deploy/compose.yaml runs them. Each proof sends
// its requests to chosen processes directly or through the proxy, so "whichever process answers"
// is tested, not hoped for. The app processes are the compiled server with deploy/topology.mjs's
// settings; this test process is a fourth, as the operator's command line would be.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FILE_ID_HEADER } from '../../contract/files';
import type { ConversationDetail } from '../../contract/ai';
import { readEnv } from '../../server/config';
import { publish } from '../../server/core/live';
import { eq } from 'drizzle-orm';
import { openPostgres, schema, type Database } from '../../server/db/client';
import { grantSubscription, setAccountRole } from '../../server/modules/operator';
import { createPasswordUser } from '../../server/modules/users';
import { startFakeGemini, type FakeGemini } from '../fakes/gemini';
import { parseUIStream } from '../fakes/ai-helpers';
import { HttpClient, startTopology, waitFor, type AppProcess, type Topology } from './cluster';
import { ensureServerBuild } from '../../scripts/lib.mjs';

const adminUrl = readEnv('TEST_DATABASE_URL') || 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'topology-password-1';
const FREE_TEXT = 3;

let topo: Topology;
let fake: FakeGemini;
let database: Database;
let p: AppProcess[];

beforeAll(async () => {
  expect(await ensureServerBuild()).toBe(0);
  fake = await startFakeGemini();
  topo = await startTopology({
    adminUrl,
    count: 3,
    env: {
      GEMINI_API_KEY: fake.core.apiKey,
      GEMINI_BASE_URL: `${fake.url}/v1beta`,
      AI_RETRY_BASE_MS: '5',
      AI_QUOTA_FREE_TEXT: String(FREE_TEXT),
      AI_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  p = topo.apps;
  database = await openPostgres(topo.databaseUrl, { max: 2 });
}, 150_000);

afterAll(async () => {
  await database?.close();
  await topo?.stop();
  await fake?.close();
});

/** A new account and a browser signed in through the proxy. */
async function signedInTeacher(role: 'teacher' | 'student' = 'teacher') {
  const email = `t-${randomUUID().slice(0, 8)}@district.example.org`;
  const user = await createPasswordUser(database.db, { email, password: PASSWORD, role, verified: true });
  const browser = await new HttpClient(topo.proxyUrl, topo.proxyUrl).signIn(email, PASSWORD);
  return { user, email, browser };
}

/** The stored reply as the database has it (no app process reads it, so none sweeps it on the way). */
async function rowOf(id: string) {
  const [row] = await database.db.select().from(schema.aiMessage).where(eq(schema.aiMessage.id, id));
  return row!;
}

const meOn = async (b: HttpClient, app: AppProcess) => (await b.at(app.url).send('GET', '/api/me')).status;

async function newConversation(b: HttpClient): Promise<string> {
  const res = await b.json<{ id: string }>('POST', '/api/conversations', {});
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Sends a message to one process; answers the response (a stream) and the reply's id once the stream gives it. */
async function send(b: HttpClient, conversationId: string, text = 'Explain photosynthesis') {
  return b.send('POST', `/api/conversations/${conversationId}/messages`, { idempotencyKey: randomUUID(), text });
}

/** Reads a UI stream until `enough` (or its end); `rest` reads on to the end. */
function reader(res: Response) {
  const r = res.body!.getReader();
  const decoder = new TextDecoder();
  let body = '';
  const more = async () => {
    const { done, value } = await r.read();
    if (!done) body += decoder.decode(value, { stream: true });
    return !done;
  };
  return {
    body: () => body,
    until: async (enough: (body: string) => boolean) => {
      while (!enough(body) && (await more()));
      return body;
    },
    rest: async () => {
      while (await more());
      return body;
    },
    cancel: () => r.cancel(),
  };
}
const deltas = (body: string) => parseUIStream(body).chunks.filter((c) => c.type === 'text-delta').length;
const replyIdOf = (body: string) => String(parseUIStream(body).chunks[0]!.messageId);

async function storedReply(b: HttpClient, conversationId: string, replyId: string) {
  const res = await b.json<ConversationDetail>('GET', `/api/conversations/${conversationId}`);
  expect(res.status).toBe(200);
  return res.body.messages.find((m) => m.id === replyId)!;
}

describe('three processes behind nginx on PostgreSQL and S3', () => {
  it('signs in through the proxy, and a sign-out is refused by every process at once', async () => {
    const { browser } = await signedInTeacher();
    // Every process has seen (and remembers) the session.
    for (const app of p) expect(await meOn(browser, app)).toBe(200);
    const copy = new HttpClient(topo.proxyUrl, topo.proxyUrl);
    copy.cookies = new Map(browser.cookies);
    expect((await browser.at(p[0]!.url).send('POST', '/api/auth/sign-out', {})).status).toBe(200);
    // The old cookie, replayed at once (a second tab, a copied cookie) on the other processes and through the proxy.
    expect(await meOn(copy, p[1]!)).toBe(401);
    expect(await meOn(copy, p[2]!)).toBe(401);
    for (let i = 0; i < 3; i++) expect((await copy.send('GET', '/api/me')).status).toBe(401);
  });

  it('counts quotas exactly across processes, and a plan or role change reaches every process on its next request', async () => {
    const { browser, email } = await signedInTeacher();
    fake.core.set({ ttftMs: 0, tokensPerSecond: 2000, tokensPerChunk: 5, replyTokens: 10 });
    const conversationId = await newConversation(browser);
    const statuses: number[] = [];
    for (let i = 0; i <= FREE_TEXT; i++) {
      const res = await send(browser.at(p[i % 3]!.url), conversationId, `question ${i}`);
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Every process remembers the free plan now; a grant from another process (the command line's way) changes it.
    for (const app of p) expect((await send(browser.at(app.url), conversationId)).status).toBe(429);
    await grantSubscription(database.db, { email, status: 'active' }, { kind: 'cli' });
    for (const app of p) {
      const res = await send(browser.at(app.url), conversationId, 'after the grant');
      expect(res.status).toBe(200);
      await res.text();
    }
    // A role change: each process answers the new role on the next request.
    for (const app of p) expect((await browser.at(app.url).json<{ role: string }>('GET', '/api/me')).body.role).toBe('teacher');
    await setAccountRole(database.db, { email, role: 'student' }, { kind: 'cli' });
    for (const app of p) expect((await browser.at(app.url).json<{ role: string }>('GET', '/api/me')).body.role).toBe('student');
  });

  it('delivers a live update to a page open on one process when another makes the change', async () => {
    const { browser, user } = await signedInTeacher();
    const live = await browser.at(p[2]!.url).send('GET', '/api/live');
    expect(live.status).toBe(200);
    const stream = reader(live);
    await stream.until((b) => b.includes('sync'));
    await publish(database.db, user.id, { type: 'trophies' });
    await stream.until((b) => b.includes('"trophies"'));
    expect(stream.body()).toContain('"trophies"');
    await stream.cancel();
  });

  it('stops a reply from another process, and a page attached through another process follows it live', async () => {
    const { browser } = await signedInTeacher();
    await grantSubscription(
      database.db,
      { email: (await browser.json<{ email: string }>('GET', '/api/me')).body.email, status: 'active' },
      {
        kind: 'cli',
      },
    );
    // 300 words at 30 a second: ten seconds, far longer than the test needs.
    fake.core.set({ ttftMs: 50, tokensPerSecond: 30, tokensPerChunk: 1, replyTokens: 300 });
    const conversationId = await newConversation(browser);
    const writing = reader(await send(browser.at(p[0]!.url), conversationId));
    const replyId = replyIdOf(await writing.until((b) => deltas(b) >= 2));

    // Attached through the second process: the text so far, then words as they come, well before
    // the writer's first checkpoint (AI_CHECKPOINT_MS, 3 s) could have carried them.
    const attachedAt = Date.now();
    const attached = reader(await browser.at(p[1]!.url).send('GET', `/api/conversations/${conversationId}/messages/${replyId}/stream`));
    const firstDeltas = deltas(await attached.until((b) => deltas(b) >= 1));
    await attached.until((b) => deltas(b) >= firstDeltas + 5);
    expect(Date.now() - attachedAt).toBeLessThan(2_500);

    // Stop pressed on the third process: the first stores the reply, stopped, and both streams end.
    const stop = await browser
      .at(p[2]!.url)
      .json<{ status: string; stopped: boolean }>('POST', `/api/conversations/${conversationId}/messages/${replyId}/stop`, {});
    expect(stop.body).toEqual({ status: 'interrupted', stopped: true });
    const [written, followed] = await Promise.all([writing.rest(), attached.rest()]);
    const end = (body: string) => parseUIStream(body).chunks.find((c) => c.type === 'finish');
    expect(end(written)).toBeTruthy();
    expect(end(followed)).toBeTruthy();
    const stored = await storedReply(browser, conversationId, replyId);
    expect(stored.status).toBe('interrupted');
    // What the follower saw is what was stored.
    expect(parseUIStream(followed).text).toBe(stored.text);
  });

  it('resumes an upload whose parts land on different processes, and serves the file from any process', async () => {
    const { browser } = await signedInTeacher();
    const bytes = Buffer.from('Photosynthesis turns light into sugar. '.repeat(2000));
    const tus = { 'Tus-Resumable': '1.0.0' };
    const meta = `filename ${btoa('notes.txt')},filetype ${btoa('text/plain')},purpose ${btoa('knowledge')}`;
    const created = await browser
      .at(p[0]!.url)
      .send('POST', '/api/uploads', undefined, { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const url = location.startsWith('http') ? new URL(location).pathname : location;
    const fileId = url.split('/').pop()!;
    const patch = (app: AppProcess, from: number, to: number) =>
      browser.at(app.url).send('PATCH', url, new Uint8Array(bytes.subarray(from, to)), {
        ...tus,
        'Upload-Offset': String(from),
        'Content-Type': 'application/offset+octet-stream',
      });
    const third = Math.floor(bytes.length / 3);
    expect((await patch(p[1]!, 0, third)).status).toBe(204);
    // The second process asks where the upload stands, as a resuming browser does.
    const head = await browser.at(p[2]!.url).send('HEAD', url, undefined, tus);
    expect(head.headers.get('upload-offset')).toBe(String(third));
    expect((await patch(p[2]!, third, 2 * third)).status).toBe(204);
    const last = await patch(p[0]!, 2 * third, bytes.length);
    expect(last.status).toBe(204);
    expect(last.headers.get(UPLOAD_FILE_ID_HEADER.toLowerCase())).toBe(fileId);
    for (const app of p) {
      const file = await browser.at(app.url).send('GET', `/api/files/${fileId}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('finalises the reply of a killed process within 10 s as interrupted, with the text written so far', async () => {
    const { browser } = await signedInTeacher();
    fake.core.set({ ttftMs: 50, tokensPerSecond: 30, tokensPerChunk: 1, replyTokens: 600 });
    const conversationId = await newConversation(browser);
    const victim = p[2]!;
    const sentAt = Date.now();
    const writing = reader(await send(browser.at(victim.url), conversationId));
    const replyId = replyIdOf(await writing.until((b) => deltas(b) >= 2));
    // Alive past a lease (6 s): its process renews it, so no other process takes it for dead.
    await new Promise((r) => setTimeout(r, 7_000 - (Date.now() - sentAt)));
    expect(await rowOf(replyId)).toMatchObject({ status: 'streaming' });
    expect((await rowOf(replyId)).text.length).toBeGreaterThan(0);
    // The process dies without a word; no page reads the conversation: another process's sweep finalises it.
    await topo.kill(victim);
    const killedAt = Date.now();
    await waitFor('the killed process’s reply to be finalised', async () => (await rowOf(replyId)).status === 'interrupted', 10_000, 100);
    const finalisedMs = Date.now() - killedAt;
    console.log(`topology: the killed process's reply was finalised ${finalisedMs} ms after the kill`);
    expect(finalisedMs).toBeLessThan(10_000);
    const stored = await storedReply(browser.at(p[0]!.url), conversationId, replyId);
    expect(stored.text.length).toBeGreaterThan(0);
    // A page attached now (through another process) gets it as an interrupted reply: the text, and
    // an error the page offers Retry on. The proxy routes around the dead process.
    const attached = parseUIStream(
      await (await browser.at(p[0]!.url).send('GET', `/api/conversations/${conversationId}/messages/${replyId}/stream`)).text(),
    );
    expect(attached.done).toBe(true);
    expect(attached.text).toBe(stored.text);
    expect(String(attached.chunks.find((c) => c.type === 'error')?.errorText)).toContain('interrupted');
    for (let i = 0; i < 4; i++) expect((await browser.send('GET', '/api/me')).status).toBe(200);
    // Retry, on any process, writes a new reply in its place.
    fake.core.set({ ttftMs: 0, tokensPerSecond: 2000, tokensPerChunk: 5, replyTokens: 10 });
    const retried = await browser
      .at(p[1]!.url)
      .send('POST', `/api/conversations/${conversationId}/retry`, { idempotencyKey: randomUUID() });
    expect(retried.status).toBe(200);
    expect(parseUIStream(await retried.text()).chunks.some((c) => c.type === 'finish')).toBe(true);
  });
});
