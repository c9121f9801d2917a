import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, readEnv } from '../../config';
import { openDatabase } from '../../db/open';
import { createPasswordUser } from '../users/users.service';
import { buildUser, TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import { startFakeGemini, type FakeGemini } from '../../../tests/fakes/gemini';
import { fakeGeminiEnv, key, parseUIStream } from '../../../tests/fakes/ai-helpers';
import { useAiTest } from '../../../tests/ai';
import type { ConversationDetail } from '../../../contract/ai';

/** A minimal cookie-keeping client over real HTTP. */
class HttpClient {
  cookie = '';
  constructor(
    readonly base: string,
    readonly origin = base,
  ) {}
  async fetch(pathname: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}) {
    const res = await fetch(`${this.base}${pathname}`, {
      method: init.method ?? 'GET',
      headers: { Origin: this.origin, 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter(Boolean);
    if (set.length) this.cookie = set.join('; ');
    return res;
  }
  async signIn(email: string) {
    const res = await this.fetch('/api/auth/sign-in/email', { method: 'POST', body: { email, password: 'password123' } });
    if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  }
  async conversation(id: string) {
    return (await (await this.fetch(`/api/conversations/${id}`)).json()) as ConversationDetail;
  }
}

/** Reads a response body until at least `n` text deltas arrived; returns what was read. */
async function readDeltas(res: Response, n: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let body = '';
  while (parseUIStream(body).chunks.filter((c) => c.type === 'text-delta').length < n) {
    const { done, value } = await reader.read();
    if (done) break;
    body += decoder.decode(value, { stream: true });
  }
  return body;
}

describe('a browser that disconnects', () => {
  let ctx: TestContext;
  let fake: FakeGemini;
  let server: ServerType;
  let base: string;
  useAiTest((t) => ({ ctx, fake } = t));
  beforeAll(async () => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it('does not stop the generation: the full reply is stored', async () => {
    const user = await buildUser(ctx, { role: 'teacher' });
    // Real HTTP to the app, from a page of its configured origin.
    const client = new HttpClient(base, TEST_ORIGIN);
    await client.signIn(user.email);
    const { id } = (await (await client.fetch('/api/conversations', { method: 'POST', body: {} })).json()) as { id: string };
    fake.core.set({ tokensPerSecond: 150, tokensPerChunk: 2, replyTokens: 60 });
    const abort = new AbortController();
    const res = await client.fetch(`/api/conversations/${id}/messages`, {
      method: 'POST',
      body: { idempotencyKey: key(), text: 'Long answer please' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const seen = await readDeltas(res, 1);
    abort.abort();
    const full = fake.requests[0]!.reply;
    expect(parseUIStream(seen).text.length).toBeLessThan(full.length);
    await expect
      .poll(async () => (await client.conversation(id)).messages[1], { timeout: 15_000 })
      .toMatchObject({ role: 'assistant', status: 'complete', text: full });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('a server that stops mid-stream', () => {
  let fake: FakeGemini;
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    fake = await startFakeGemini();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-stop-'));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const env = {
      ...fakeGeminiEnv(fake),
      PATH: readEnv('PATH') ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (d: Buffer) => {
        output += d.toString();
        if (output.includes('ClassBots is running')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      const failed = () => reject(new Error(`server did not start:\n${output}`));
      child.once('exit', failed);
      AbortSignal.timeout(30_000).addEventListener('abort', failed);
    });
    return child;
  }

  it('stores the partial reply as interrupted, and Retry finishes it', async () => {
    const email = 'stop-test@example.org';
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), 'the durability test');
    await createPasswordUser(database.db, { email, password: 'password123', role: 'teacher', verified: true });
    await database.close();

    const port = await freePort();
    const first = await startServer(port);
    const client = new HttpClient(`http://127.0.0.1:${port}`);
    await client.signIn(email);
    const { id } = (await (await client.fetch('/api/conversations', { method: 'POST', body: {} })).json()) as { id: string };
    // Slow enough that the server dies well before the end: 80 tokens at 20 a second.
    fake.core.set({ tokensPerSecond: 20, tokensPerChunk: 1, replyTokens: 80 });
    const res = await client.fetch(`/api/conversations/${id}/messages`, {
      method: 'POST',
      body: { idempotencyKey: key(), text: 'Tell me a long story' },
    });
    await readDeltas(res, 6);
    // Past at least one checkpoint (AI_CHECKPOINT_MS=100: the stored reply has text), then a hard stop: no chance to save.
    await expect.poll(async () => (await client.conversation(id)).messages[1]?.text.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    await startServer(port);
    const after = await client.conversation(id);
    const full = fake.requests[0]!.reply;
    const reply = after.messages[1]!;
    expect(after.messages).toHaveLength(2);
    expect(reply.status).toBe('interrupted');
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.text.length).toBeLessThan(full.length);
    expect(full.startsWith(reply.text)).toBe(true);

    fake.core.set({ tokensPerSecond: 0 });
    const retried = await client.fetch(`/api/conversations/${id}/retry`, { method: 'POST', body: { idempotencyKey: key() } });
    expect(retried.status).toBe(200);
    const stream = parseUIStream(await retried.text());
    expect(stream.done).toBe(true);
    const final = await client.conversation(id);
    expect(final.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(final.messages[1]!.text).toBe(fake.requests[1]!.reply);
  }, 240_000);
});
