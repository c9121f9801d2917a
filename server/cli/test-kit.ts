import { sql } from 'drizzle-orm';
import { SUPPORT_EMAIL, type TestContext } from '../../tests/harness';
import { databaseUrlFor, testDbKind } from '../../tests/env';
import { runCli } from './cli';

/** What one CLI run printed and returned. */
export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Runs a command in-process with its output captured. */
export async function runCaptured(
  argv: string[],
  env: Record<string, string | undefined>,
  options: Parameters<typeof runCli>[3] = {},
): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (s) => out.push(s), err: (s) => err.push(s) }, env, options);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * A CLI runner on the test context's own database, so the app sees what the command did. On
 * PostgreSQL it goes the operator's way, through DATABASE_URL; an in-memory PGlite cannot be
 * reached by a setting, so there the open database is handed over.
 */
export async function cliOn(ctx: TestContext): Promise<(...argv: string[]) => Promise<CliResult>> {
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: ctx.dataDir, SUPPORT_EMAIL };
  if (testDbKind() === 'postgres') {
    const rows = await ctx.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const name = (rows as { rows: { name: string }[] }).rows[0]!.name;
    Object.assign(env, { DATABASE_URL: databaseUrlFor(name), AUTH_SECRET: ctx.config.authSecret! });
    return (...argv) => runCaptured(argv, env);
  }
  return (...argv) => runCaptured(argv, env, { database: ctx.database });
}
