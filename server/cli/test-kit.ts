import { sql } from 'drizzle-orm';
import { SUPPORT_EMAIL, type TestContext } from '../../tests/harness';
import { databaseUrlFor, testDbKind } from '../../tests/env';
import { runCaptured, type CliResult } from './captured.test-helpers';

export { runCaptured, type CliResult };

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
