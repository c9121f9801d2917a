// The scale-out topology on one machine (issue 28): PostgreSQL, an S3-compatible server (moto),
// nginx in front and several app processes, each the compiled server (dist/server/main.js) with
// the settings of deploy/topology.mjs. Each piece says clearly what is missing when it cannot start.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { APP_SETTINGS, nginxConfig } from '../../deploy/topology.mjs';
import { readEnv } from '../../server/config';

const root = path.resolve(import.meta.dirname, '../..');

/** A bare environment for a piece: no DATABASE_URL, AI keys or NODE_OPTIONS (a tsx loader) from the caller. */
const bareEnv = () => ({ PATH: readEnv('PATH') ?? '', HOME: readEnv('HOME') ?? os.tmpdir() });

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The path of a program, or a clear error naming the Debian package or tool that provides it. */
export function requireProgram(name: string, candidates: string[], provides: string): string {
  for (const c of candidates) {
    if (spawnSync(c, ['-v'], { stdio: 'ignore' }).error === undefined) return c;
  }
  throw new Error(`${name} is missing: ${provides}. The topology test needs it (.ci/run installs it where it can).`);
}

/** Waits until `check` resolves true, polling; throws `what` after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000, every = 100): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

const reachable = (url: string) =>
  fetch(url).then(
    (r) => r.status < 500,
    () => false,
  );

/** A child process whose output is kept (printed when the test fails). */
export interface Child {
  proc: ChildProcess;
  output: () => string;
}

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): Child {
  const proc = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  return { proc, output: () => out };
}

function stopChild(c: Child | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!c || c.proc.exitCode !== null || c.proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      c.proc.kill('SIGKILL');
      resolve();
    }, 10_000);
    c.proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    c.proc.kill(signal);
  });
}

export interface AppProcess extends Child {
  url: string;
  port: number;
}

export interface Topology {
  proxyUrl: string;
  apps: AppProcess[];
  databaseUrl: string;
  s3: { endpoint: string; bucket: string };
  /** Kills an app process at once (kill -9): no shutdown, no last write. */
  kill(app: AppProcess): Promise<void>;
  stop(): Promise<void>;
  /** Everything the pieces printed, for a failed test. */
  logs(): string;
}

/**
 * Starts the topology: a fresh database on the PostgreSQL server of `adminUrl`, moto with a fresh
 * bucket, `count` app processes and nginx round robin over them. `env` adds settings (the AI).
 */
export async function startTopology(options: {
  /** The PostgreSQL server a fresh database is made on (and dropped after). */
  adminUrl: string;
  count: number;
  env: Record<string, string>;
  /** Use this database as it is (a benchmark's seeded one): neither made nor dropped. */
  existingDatabaseUrl?: string;
  /** One process on the embedded database in this folder instead of PostgreSQL (a benchmark's comparison). */
  pgliteDir?: string;
}): Promise<Topology> {
  const nginx = requireProgram('nginx', ['nginx', '/usr/sbin/nginx'], 'install Debian’s package with apt-get install -y nginx');
  const moto = requireProgram('moto_server', ['moto_server'], 'install it with pip install "moto[server]" (or Debian’s python3-moto)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'classbots-topology-'));
  chmodSync(dir, 0o755);
  const children: Child[] = [];
  const owned = !options.existingDatabaseUrl && !options.pgliteDir;
  const name = `classbots_topology_${randomBytes(4).toString('hex')}`;
  let databaseUrl = options.existingDatabaseUrl ?? '';
  if (owned) {
    const admin = new pg.Client({ connectionString: options.adminUrl, connectionTimeoutMillis: 5000 });
    try {
      await admin.connect();
    } catch (err) {
      throw new Error(`PostgreSQL is not reachable at ${options.adminUrl} (${(err as Error).message}): start it or set TEST_DATABASE_URL.`);
    }
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(options.adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }

  const stop = async () => {
    await Promise.all(children.map((c) => stopChild(c)));
    if (owned) {
      const drop = new pg.Client({ connectionString: options.adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The S3-compatible store and its bucket.
    const s3Port = await freePort();
    const s3 = start(moto, ['-H', '127.0.0.1', '-p', String(s3Port)], bareEnv());
    children.push(s3);
    const endpoint = `http://127.0.0.1:${s3Port}`;
    await waitFor('moto_server to answer', () => reachable(endpoint), 30_000);
    const bucket = 'classbots';
    const keys = { accessKeyId: 'topology', secretAccessKey: 'topology-secret' };
    await new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: keys }).send(
      new CreateBucketCommand({ Bucket: bucket }),
    );

    // The app processes.
    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const authSecret = randomBytes(32).toString('base64');
    const apps: AppProcess[] = [];
    for (let i = 0; i < options.count; i++) {
      const port = await freePort();
      const dataDir = path.join(dir, `app${i + 1}`);
      mkdirSync(dataDir);
      const fill: Record<string, string> = {
        appPort: String(port),
        proxyUrl,
        authSecret,
        databaseUrl,
        dataDir,
        s3Endpoint: endpoint,
        s3AccessKeyId: keys.accessKeyId,
        s3SecretAccessKey: keys.secretAccessKey,
      };
      const settings = Object.fromEntries(
        Object.entries(APP_SETTINGS).map(([k, v]) => [k, v.replace(/\{(\w+)\}/g, (_, p: string) => fill[p] ?? `{${p}}`)]),
      );
      if (options.pgliteDir) {
        delete settings.DATABASE_URL;
        settings.DATA_DIR = options.pgliteDir;
      }
      const env = { ...bareEnv(), ...settings, HOST: '127.0.0.1', ...options.env };
      const app = {
        ...start(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], env),
        url: `http://127.0.0.1:${port}`,
        port,
      };
      apps.push(app);
      children.push(app);
    }
    await Promise.all(
      apps.map((a, i) => waitFor(`app process ${i + 1} to answer /api/health`, () => reachable(`${a.url}/api/health`), 60_000)),
    );

    // nginx in front, round robin, from the same configuration the compose file uses.
    const conf = path.join(dir, 'nginx.conf');
    const temp = path.join(dir, 'nginx');
    mkdirSync(temp, { mode: 0o777 });
    chmodSync(temp, 0o777);
    writeFileSync(
      conf,
      nginxConfig({
        listen: `127.0.0.1:${proxyPort}`,
        upstreams: apps.map((a) => `127.0.0.1:${a.port}`),
        pidFile: path.join(dir, 'nginx.pid'),
        errorLog: path.join(dir, 'nginx-error.log'),
        tempDir: temp,
      }),
    );
    const proxy = start(nginx, ['-c', conf, '-p', dir, '-g', 'daemon off;'], bareEnv());
    children.push(proxy);
    await waitFor('nginx to answer', () => reachable(`${proxyUrl}/api/health`), 20_000);

    return {
      proxyUrl,
      apps,
      databaseUrl,
      s3: { endpoint, bucket },
      kill: async (app) => {
        app.proc.kill('SIGKILL');
        await new Promise((r) => (app.proc.exitCode !== null || app.proc.signalCode !== null ? r(null) : app.proc.once('exit', r)));
      },
      stop,
      logs: () => children.map((c, i) => `--- piece ${i + 1} (${c.proc.spawnargs.slice(0, 2).join(' ')}) ---\n${c.output()}`).join('\n'),
    };
  } catch (err) {
    const logs = children.map((c) => c.output()).join('\n---\n');
    await stop().catch(() => undefined);
    throw new Error(`${(err as Error).message}\n${logs}`);
  }
}

/** A browser-like client of one base URL: keeps cookies, sends its Origin. */
export class HttpClient {
  cookies = new Map<string, string>();
  constructor(
    public base: string,
    private readonly origin: string,
  ) {}

  /** The same signed-in browser, talking to another process. */
  at(base: string): HttpClient {
    const c = new HttpClient(base, this.origin);
    c.cookies = this.cookies;
    return c;
  }

  async send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h = new Headers({ Origin: this.origin, ...headers });
    if (this.cookies.size) h.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let payload: BodyInit | undefined;
    if (body instanceof Uint8Array) payload = new Uint8Array(body);
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h.set('content-type', 'application/json');
    }
    const res = await fetch(`${this.base}${url}`, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(pair.slice(0, i));
      else this.cookies.set(pair.slice(0, i), value);
    }
    return res;
  }

  async json<T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.send(method, url, body);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async signIn(email: string, password: string): Promise<this> {
    const res = await this.send('POST', '/api/auth/sign-in/email', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
    return this;
  }
}
