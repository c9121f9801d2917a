import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/config';
import { runCaptured } from '../../server/cli/captured.test-helpers';
import { buildPdf } from '../../server/storage/test-fixtures';
import type { ExtractJob, ExtractResult } from '../../server/storage/extract-types';

// npm start's server: the real build (scripts/build-server.mjs, as npm run build runs it) into
// dist/server, then plain Node on it, with no tsx anywhere, from an empty DATA_DIR.

const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(root, 'dist/server');
const dataDir = mkdtempSync(path.join(tmpdir(), 'classbots-server-build-'));
const email = 'compiled.start@example.org';
const password = 'password123';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let output = '';
let base = '';

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);

  // An account made the operator's way before the server starts (PGlite allows one process).
  const created = await runCaptured(['user:create', '--email', email, '--password', password, '--role', 'teacher', '--verified'], {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
  });
  expect(created.code, created.err).toBe(0);

  const port = await freePort();
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    // A bare environment: no DATABASE_URL, AI keys or NODE_OPTIONS (such as a tsx loader) from the caller.
    env: { PATH: readEnv('PATH') ?? '', HOME: readEnv('HOME') ?? dataDir, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && server.exitCode === null) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the compiled server did not answer /api/health:\n${output}`);
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (npm start)', () => {
  it('is built into dist/server as flat files with source maps and the migrations, and runs without tsx', async () => {
    const { outputs } = JSON.parse(readFileSync(path.join(out, 'build.json'), 'utf8')) as { outputs: string[] };
    // pglite.worker.js: the server below runs its embedded database in that worker thread (the default).
    expect(outputs).toEqual(expect.arrayContaining(['main.js', 'main.js.map', 'extract.worker.js', 'pglite.worker.js']));
    // Paths taken from import.meta.url (migrations, the worker, dist/web) assume every file sits in dist/server.
    for (const file of outputs) expect(statSync(path.join(out, file)).isFile(), file).toBe(true);
    expect(outputs.some((f) => /^docx-render-.*\.js$/.test(f)) && outputs.some((f) => /^s3-storage-.*\.js$/.test(f))).toBe(true);
    expect(existsSync(path.join(out, 'migrations/meta/_journal.json'))).toBe(true);
    expect(readFileSync(path.join(out, 'main.js'), 'utf8')).not.toMatch(/from "(docx|temml|mathml2omml|@aws-sdk\/client-s3)"/);

    const health = (await (await fetch(`${base}/api/health`)).json()) as { status: string; database: string };
    expect(health).toMatchObject({ status: 'ok', database: 'pglite' });
  });

  it('serves the web app at / (skipped where dist/web is absent: npm run build or the browser tests make it)', async (ctx) => {
    if (!existsSync(path.join(root, 'dist/web/index.html'))) ctx.skip('dist/web is absent (npm run build makes it)');
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toBe(readFileSync(path.join(root, 'dist/web/index.html'), 'utf8'));
  });

  it('loads the DOCX writer on the first export', async () => {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await fetch(`${base}/api/export/docx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ title: 'Compiled', markdown: '# Heading\n\nArea: $\\pi r^2$' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('wordprocessingml');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('has an extraction worker that reads a PDF with plain Node', async () => {
    const file = path.join(dataDir, 'sample.pdf');
    writeFileSync(file, buildPdf(['Photosynthesis makes sugar']));
    const worker = fork(path.join(out, 'extract.worker.js'), [], { execArgv: [], serialization: 'advanced', stdio: 'pipe' });
    const job: ExtractJob = { kind: 'pdf', filePath: file, limits: { maxPages: 10, maxUncompressedBytes: 1 << 20, maxTextChars: 10_000 } };
    const result = await new Promise<ExtractResult>((resolve, reject) => {
      worker.once('message', (m: ExtractResult) => resolve(m));
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
      worker.send(job);
    });
    worker.kill();
    expect(result).toEqual({ ok: true, text: expect.stringContaining('Photosynthesis makes sugar') as unknown });
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server!.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toContain('ClassBots is running at');
  });
});

// npm start as a service manager runs it: through npm, stopped with SIGTERM to npm itself. npm
// passes the signal to its script (the start script execs node, so no shell sits between them
// to swallow it), start.mjs passes it to the server, and all three exit 0 with nothing left over.
describe('npm start as a service', () => {
  it('runs in production (no mail link in the log) and stops cleanly on SIGTERM to npm', async () => {
    const serviceData = mkdtempSync(path.join(tmpdir(), 'classbots-npm-start-'));
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const npm = spawn('npm', ['start', '--', '--no-build'], {
      cwd: root,
      env: {
        PATH: readEnv('PATH') ?? '',
        HOME: readEnv('HOME') ?? serviceData,
        DATA_DIR: serviceData,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    npm.stdout.on('data', (d: Buffer) => (log += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      let up = false;
      while (!up && Date.now() < deadline && npm.exitCode === null) {
        up = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 200));
      }
      expect(up, log).toBe(true);

      // A sign-up sends a confirmation link: to the mail folder, never to the log.
      const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'service.signup@example.org', password: 'password123', name: 'Service Sign-up', role: 'teacher' }),
      });
      expect(signUp.status).toBe(200);
      const mailDir = path.join(serviceData, 'mail');
      const deadlineMail = Date.now() + 10_000;
      while (Date.now() < deadlineMail && !(existsSync(mailDir) && readdirSync(mailDir).length > 0))
        await new Promise((r) => setTimeout(r, 100));
      // The .eml files are quoted-printable: soft line breaks and =XX escapes.
      const mail = readdirSync(mailDir).map((f) =>
        readFileSync(path.join(mailDir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      );
      const token = /verify-email\?token=([\w.-]+)/.exec(mail.join('\n'))?.[1];
      expect(token, 'the confirmation mail carries its link').toBeTruthy();
      expect(log).not.toContain(token!);
      expect(log).not.toContain('[mail]');

      npm.kill('SIGTERM');
      expect(await exited, log).toBe(0);
      expect(log).toContain('Received SIGTERM, shutting down.');
      const stillUp = await fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      );
      expect(stillUp, 'the server stopped with npm').toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(serviceData, { recursive: true, force: true });
    }
  }, 150_000);
});
