import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from './cli';
import { runCaptured } from './captured.test-helpers';

// None of these runs may reach a database: bad arguments are refused before anything is opened.
const root = mkdtempSync(path.join(os.tmpdir(), 'classbots-cli-'));
const dataDir = path.join(root, 'never-created');
const env = { NODE_ENV: 'test', DATA_DIR: dataDir };
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SECRET = 'cli-test-secret-cli-test-secret-0123456';

describe('operator CLI: help', () => {
  it('lists every command with a one-line description', async () => {
    const r = await runCaptured(['--help'], env);
    expect(r.code).toBe(0);
    for (const c of commands) expect(r.out).toMatch(new RegExp(`^  ${c.name} +\\S.*$`, 'm'));
    expect(commands.map((c) => c.name).sort()).toEqual(
      [
        'db:backup',
        'db:restore',
        'demo:seed',
        'mail:last-link',
        'school:create',
        'school:teacher-add',
        'school:teacher-remove',
        'school:update',
        'subscription:extend',
        'subscription:grant',
        'subscription:revoke',
        'user:create',
        'user:delete',
        'user:set-password',
        'user:set-role',
      ].sort(),
    );
  });

  it('shows the list on standard error, with exit code 2, when no command is given', async () => {
    const r = await runCaptured([], env);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toContain('user:create');
  });

  it.each(commands.map((c) => [c.name, c] as const))('shows the usage and options of %s', async (name, command) => {
    const r = await runCaptured([name, '--help'], env);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Usage: npm run cli -- ${name}`);
    for (const option of Object.keys(command.options)) expect(r.out).toMatch(new RegExp(`^  --${option} +\\S`, 'm'));
  });
});

describe('operator CLI: bad arguments give exit code 2 and one clear line', () => {
  const cases: [string[], RegExp][] = [
    [['nope'], /^Unknown command "nope"\. Run npm run cli -- --help for the list\.$/],
    [['user:crate'], /Did you mean user:create/],
    [['user:create'], /^user:create: --email is required; --password is required\. Run npm run cli -- user:create --help/],
    [['user:create', '--email', 'Jane', '--password', 'password123'], /--email must be an e-mail address \(got "Jane"\)/],
    [['user:create', '--email', 'a@b.org', '--password', 'password123', '--role', 'admin'], /--role must be teacher or student/],
    [['user:create', '--email', 'a@b.org', '--password', 'short'], /--password must be at least 8 characters/],
    [['user:create', '--bogus'], /^user:create: Unknown option '--bogus'\. Run/],
    [['user:create', '--email'], /Option '--email <value>' argument missing/],
    [['user:create', '--verified=yes'], /Option '--verified' does not take an argument/],
    [['user:create', 'jane@b.org'], /Unexpected argument 'jane@b\.org'/],
    [['user:set-password', '--email', 'a@b.org', '--password', '1234'], /--password must be at least 8 characters/],
    [['user:set-role', '--email', 'a@b.org', '--role', 'boss'], /--role must be teacher or student/],
    [['user:delete'], /--email is required/],
    [
      ['school:create', '--name', 'X', '--domains', 'a.edu,not_a_domain'],
      /--domains must be a domain such as school\.edu \(got "not_a_domain"\)/,
    ],
    [['school:create', '--name', 'X', '--domains', ','], /--domains must name at least one domain/],
    [['school:create', '--domains', 'a.edu'], /--name is required/],
    [
      ['school:create', '--name', 'X', '--domains', 'a.edu', '--expires', '2030-02-30'],
      /--expires must be a real date written YYYY-MM-DD \(got "2030-02-30"\)/,
    ],
    [['school:create', '--name', 'X', '--domains', 'a.edu', '--admins', 'boss'], /--admins must be an e-mail address \(got "boss"\)/],
    [['school:update', '--domain', 'a.edu', '--expires', 'someday'], /--expires must be a real date/],
    [['school:update', '--name', 'X'], /--domain is required/],
    [['school:teacher-add', '--domain', 'a.edu'], /--email is required/],
    [['school:teacher-remove', '--domain', 'a edu', '--email', 't@a.edu'], /--domain must be a domain/],
    [['subscription:grant', '--email', 'a@b.org', '--status', 'paused'], /--status must be active or trialing/],
    [['subscription:grant', '--email', 'a@b.org', '--status', 'active', '--until', '31/12/2030'], /--until must be a real date/],
    [['subscription:revoke', '--email', 'nope'], /--email must be an e-mail address/],
    [['db:backup'], /--out is required/],
    [['db:restore'], /--in is required/],
    [['demo:seed', '--force'], /Unknown option '--force'/],
  ];
  it.each(cases)('%j', async (argv, message) => {
    const r = await runCaptured(argv, env);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('operator CLI: settings and database problems give exit code 1', () => {
  const valid = ['user:create', '--email', 'a@b.org', '--password', 'password123'];

  it('prints the configuration problem', async () => {
    const r = await runCaptured(valid, { DATABASE_URL: 'postgres://127.0.0.1:1/x' });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^Invalid configuration:\n {2}- AUTH_SECRET: required when DATABASE_URL is set/);
  });

  it('says which database could not be opened', async () => {
    const r = await runCaptured(valid, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', AUTH_SECRET: SECRET });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^user:create: Could not open the PostgreSQL database \(DATABASE_URL\): .*ECONNREFUSED/);
  });

  it.each([
    ['db:backup', '--out', path.join(root, 'b.tar.gz')],
    ['db:restore', '--in', path.join(root, 'b.tar.gz')],
  ])('refuses %s on PostgreSQL, pointing to pg_dump and pg_restore, without connecting', async (...argv) => {
    const r = await runCaptured(argv, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', AUTH_SECRET: SECRET });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      new RegExp(`^${argv[0]}: DATABASE_URL is set, so the data is in PostgreSQL: back up with pg_dump .* restore with pg_restore `),
    );
  });
});
