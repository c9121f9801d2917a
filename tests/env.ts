// Test tooling reads a few variables of its own; they go through config.readEnv like everything else.
import { readEnv } from '../server/config';

export const testDbKind = (): 'pglite' | 'postgres' => (readEnv('TEST_DB') === 'postgres' ? 'postgres' : 'pglite');
/** TEST_PGLITE_THREAD=worker: the suite's PGlite databases run in their worker thread, as the server's does. */
export const testPgliteThread = (): 'worker' | 'main' => (readEnv('TEST_PGLITE_THREAD') === 'worker' ? 'worker' : 'main');
export const testDatabaseUrl = (): string => readEnv('TEST_DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of a database on the same server as TEST_DATABASE_URL. */
export function databaseUrlFor(name: string): string {
  const u = new URL(testDatabaseUrl());
  u.pathname = `/${name}`;
  return u.toString();
}
