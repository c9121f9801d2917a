import { runCli } from './cli';

/** What one CLI run printed and returned. */
export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs a command in-process with its output captured. It reaches no test database of its own: a
 * test that needs the run's database uses `cliOn` from test-kit.ts.
 */
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
