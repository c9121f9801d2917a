import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config';
import { testDbKind } from '../../tests/env';
import { runCaptured } from './test-kit';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), 'classbots-cli-proc-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A bare environment: the children must see no DATABASE_URL from the machine running the tests.
const childEnv = (dataDir: string) => ({ PATH: readEnv('PATH') ?? '', HOME: readEnv('HOME') ?? root, NODE_ENV: 'test', DATA_DIR: dataDir });

function startNode(args: string[], dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repo, env: childEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs the real CLI entry point in a child process. */
function runCliProcess(argv: string[], dataDir: string, timeoutMs = 60_000) {
  const started = Date.now();
  const child = startNode(['server/cli/main.ts', ...argv], dataDir);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI still running after ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Stands in for a running server: a process that takes the DATA_DIR lock and keeps it. */
async function holdDataDir(dataDir: string): Promise<ChildProcess> {
  const script = `import('./server/db/lock.ts').then((m) => { m.lockDataDir(process.env.DATA_DIR, 'the ClassBots server'); console.log('locked'); setInterval(() => {}, 60000); });`;
  const child = startNode(['-e', script], dataDir);
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (b: Buffer) => {
      seen += b.toString();
      if (seen.includes('locked')) resolve();
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
  return child;
}

describe('operator CLI as a process', () => {
  it('refuses at once, with exit code 1 and the holder named, while a server holds the DATA_DIR', async () => {
    const dataDir = path.join(root, 'busy');
    const holder = await holdDataDir(dataDir);
    try {
      const r = await runCliProcess(['user:create', '--email', 'a@b.org', '--password', 'password123'], dataDir);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `The embedded database in ${dataDir} is in use by the ClassBots server (pid ${holder.pid}). ` +
          'Stop that process first, or use a PostgreSQL server (DATABASE_URL) to run the CLI alongside servers.',
      );
      expect(r.stdout).toBe('');
      // The lock is checked before the database is opened, so even a busy machine answers well within this.
      expect(r.ms).toBeLessThan(30_000);
      // Refused before opening anything: the database folder was never touched.
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
  }, 90_000);

  it('creates and migrates a fresh DATA_DIR by itself, and releases its lock on exit', async () => {
    const dataDir = path.join(root, 'fresh', 'nested', 'data');
    const r = await runCliProcess(
      ['user:create', '--email', 'First@School.org', '--password', 'password123', '--verified'],
      dataDir,
      120_000,
    );
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.trim()).toBe('Created teacher account first@school.org (First), verified.');
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
    // The account is really there for the next command.
    expect(await runCaptured(['user:set-role', '--email', 'first@school.org', '--role', 'teacher'], { DATA_DIR: dataDir })).toMatchObject({
      code: 0,
      out: 'first@school.org already has the role teacher.',
    });
  }, 180_000);

  it.skipIf(testDbKind() === 'postgres')(
    'db:backup then db:restore round-trips the embedded database (PGlite only: skipped under TEST_DB=postgres, where pg_dump does backups)',
    async () => {
      const dataDir = path.join(root, 'roundtrip');
      const backup = path.join(root, 'backups', 'classbots.tar.gz');
      const run = (...argv: string[]) => runCaptured(argv, { DATA_DIR: dataDir });
      expect((await run('user:create', '--email', 'kept@school.org', '--password', 'password123')).code).toBe(0);

      const saved = await run('db:backup', '--out', backup);
      expect(saved).toMatchObject({ code: 0, err: '' });
      expect(saved.out).toMatch(new RegExp(`^Wrote a backup of .* to ${backup} \\(\\d+\\.\\d MB\\)\\.$`));
      expect(statSync(backup).mode & 0o777).toBe(0o600);
      expect(await run('db:backup', '--out', backup)).toMatchObject({ code: 1, err: expect.stringContaining('already exists') as unknown });

      expect((await run('user:create', '--email', 'later@school.org', '--password', 'password123')).code).toBe(0);
      expect((await run('user:delete', '--email', 'kept@school.org')).code).toBe(0);

      const restored = await run('db:restore', '--in', backup);
      expect(restored.code).toBe(0);
      const aside = readdirSync(dataDir).filter((f) => f.startsWith('db.before-restore-'));
      expect(aside).toHaveLength(1);
      expect(restored.out).toContain(`The previous database is kept in ${path.join(dataDir, aside[0]!)}.`);
      expect(readdirSync(dataDir).filter((f) => f.startsWith('db.restoring-'))).toEqual([]);

      expect((await run('user:set-role', '--email', 'kept@school.org', '--role', 'student')).code).toBe(0);
      expect(await run('user:delete', '--email', 'later@school.org')).toMatchObject({
        code: 1,
        err: 'user:delete: No account has the address later@school.org.',
      });
      expect((await run('db:backup', '--out', backup, '--force')).code).toBe(0);

      const junk = path.join(root, 'junk.tar.gz');
      writeFileSync(junk, 'not a backup');
      expect(await run('db:restore', '--in', junk)).toMatchObject({
        code: 2,
        err: `db:restore: ${junk} is not a backup made by db:backup (it is not gzip-compressed).`,
      });
      expect(readdirSync(dataDir).filter((f) => f.startsWith('db.before-restore-'))).toHaveLength(1);
    },
    180_000,
  );
});
