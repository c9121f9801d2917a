import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../server/app';
import { startBackgroundWork } from '../server/jobs';
import { createAppAuth, createStreamTimers, moduleHooks } from '../server/compose';
import { loadConfig, type Config } from '../server/config';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { createMailer } from '../server/lib/mailer';
import type { AppDeps } from '../server/core/context';
import { createPasswordUser } from '../server/modules/users/users.service';
import { databaseUrlFor, testDatabaseUrl, testPgliteThread } from './env';

export const TEST_ORIGIN = 'http://localhost:3000';
export const SUPPORT_EMAIL = 'support@classbots.test';

// The template, read once per worker process; every test database it opens loads from this one Blob.
let pgliteTemplate: Blob | undefined;
// PGlite's engine compiled once per worker process (the database tests share one process per
// worker): a database then opens in about 1.1 s of processor time instead of 1.4 s.
let pgliteEngine: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
const pgliteDist = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const loadPgliteEngine = async () => ({
  pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(pgliteDist, 'pglite.wasm'))),
  fsBundle: new Blob([readFileSync(path.join(pgliteDist, 'pglite.data'))]),
});

/** A fresh, migrated database of the run's kind: a PGlite copy of the template, or a new PostgreSQL database. */
async function createTestDatabase(): Promise<Database> {
  const kind = inject('dbKind');
  if (!kind) {
    throw new Error(
      'This test file opens a test database, but it runs in the unit stage, which provides none. ' +
        'Files are put in the database stage by their imports (tests/projects.ts): import tests/harness.ts ' +
        'from the test file itself (or from a helper it imports) rather than reaching it some other way.',
    );
  }
  if (kind === 'pglite') {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    // TEST_PGLITE_THREAD=worker runs the suite against PGlite in its worker thread, as the server runs it.
    const thread = testPgliteThread();
    const engine = thread === 'worker' ? undefined : await (pgliteEngine ??= loadPgliteEngine());
    return openPglite({ loadDataDir: pgliteTemplate, thread, engine });
  }
  const name = `${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
  await admin.end();
  const database = await openPostgres(databaseUrlFor(name), { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: testDatabaseUrl() });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
}

export interface TestContext extends AppDeps {
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** Reads every mail written to the sink so far, oldest first. */
  mails(): { to: string; subject: string; body: string }[];
  close(): Promise<void>;
}

/** The whole app in-process on a fresh database, with mail written to a temporary folder. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'classbots-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: TEST_ORIGIN,
    SUPPORT_EMAIL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    TRUST_PROXY: 'true',
    ...env,
  });
  const database = await createTestDatabase();
  const mailer = createMailer(config);
  const auth = createAppAuth({ config, db: database.db, mailer, secret: config.authSecret! });
  // A flag's alert runs after the answer (never awaited by the request): close() waits for those still
  // running, so none of them reaches a closed database during the next test file of this process.
  const alerts = new Set<Promise<void>>();
  const hooks: AppDeps['hooks'] = {
    ...moduleHooks,
    flagStored: (d, flagId) => {
      const running = moduleHooks.flagStored(d, flagId).finally(() => alerts.delete(running));
      alerts.add(running);
      return running;
    },
  };
  const deps: AppDeps = { config, database, auth, mailer, hooks, timers: createStreamTimers() };
  const app = createApp(deps);
  // What createApp started before the composition root did: the plan-change LISTEN and the startup sweep.
  const stopWork = startBackgroundWork(deps, { scheduled: false });
  return {
    ...deps,
    app,
    dataDir,
    mails: () => readMails(path.join(dataDir, 'mail')),
    close: async () => {
      stopWork();
      await Promise.allSettled([...alerts]);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function readMails(dir: string) {
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const raw = readFileSync(path.join(dir, f), 'utf8');
    const [folded = '', ...rest] = raw.split('\n\n');
    // Headers longer than a line go on in lines that start with white space.
    const head = folded.replace(/\r?\n[ \t]+/g, ' ');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
    const encoded = rest.join('\n\n');
    const body = /^content-transfer-encoding: base64/im.test(head)
      ? Buffer.from(encoded, 'base64').toString('utf8')
      : decodeQuotedPrintable(encoded);
    return { to: header('To'), subject: decodeEncodedWords(header('Subject')), body };
  });
}

/** Quoted-printable text as its UTF-8 characters. */
function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  return soft.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
function decodeEncodedWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The first link in a mail body. */
export function linkIn(body: string): string {
  const m = /https?:\/\/\S+/.exec(body);
  if (!m) throw new Error(`No link in mail:\n${body}`);
  return m[0];
}

/** A browser-like client: keeps cookies, sends our Origin, speaks JSON. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    private readonly ctx: TestContext,
    private readonly ip = '203.0.113.10',
  ) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const h = new Headers({ Origin: TEST_ORIGIN, 'X-Forwarded-For': this.ip, ...headers });
    if (this.cookies.size) h.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = typeof body === 'string' ? body : body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body);
      if (!h.has('content-type')) h.set('content-type', 'application/json');
    }
    const target = url.startsWith('http') ? url : `${TEST_ORIGIN}${url}`;
    const res = await this.ctx.app.request(target, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** The session cookie's value (better-auth's token, signed), if signed in. */
  sessionCookie(): string | undefined {
    return [...this.cookies].find(([k]) => k.endsWith('better-auth.session_token'))?.[1];
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body: unknown = {}, headers?: Record<string, string>) => this.request('POST', url, body, headers);

  async json<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.request(method, url, body);
    return { status: res.status, body: (await res.json()) as T };
  }

  async signIn(email: string, password = 'password123') {
    const res = await this.post('/api/auth/sign-in/email', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
    return this;
  }
}

/** Creates an account directly (verified unless said otherwise); password is password123. */
export async function buildUser(
  ctx: TestContext,
  overrides: { email?: string; role?: 'teacher' | 'student'; verified?: boolean; name?: string; password?: string } = {},
) {
  return createPasswordUser(ctx.database.db, {
    email: overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.org`,
    password: overrides.password ?? 'password123',
    role: overrides.role ?? 'teacher',
    verified: overrides.verified ?? true,
    name: overrides.name,
  });
}

/** A signed-in client for a new account. */
export async function signedIn(ctx: TestContext, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(ctx, overrides);
  const client = await new TestClient(ctx).signIn(user.email, overrides.password ?? 'password123');
  return { user, client };
}
