import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { DataDirBusyError } from '../db/lock';
import { openDatabase } from '../db/open';
import { AppError } from '../lib/errors';
import { fieldsOf, textOf } from '../lib/messages';
import { message } from '../lib/message';
import type { CliContext, Command, Io, OptionValues } from './command';
import { databaseCommands } from './commands/database';
import { demoCommands } from './commands/demo';
import { mailCommands } from './commands/mail';
import { schoolCommands } from './commands/schools';
import { subscriptionCommands } from './commands/subscriptions';
import { userCommands } from './commands/users';

export type { Io } from './command';

/** Every operator command, in the order --help lists them. */
export const commands: readonly Command[] = [
  ...userCommands,
  ...schoolCommands,
  ...subscriptionCommands,
  ...databaseCommands,
  ...mailCommands,
  ...demoCommands,
];

const PROGRAM = 'npm run cli --';
const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

/** The list of commands, one line each. */
export function generalHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = ['ClassBots operator commands.', '', `Usage: ${PROGRAM} <command> [options]`];
  let group = '';
  for (const c of commands) {
    if (c.group !== group) {
      group = c.group;
      lines.push('', `${group}:`);
    }
    lines.push(`  ${c.name.padEnd(width)}  ${c.summary}`);
  }
  lines.push(
    '',
    `Run ${PROGRAM} <command> --help for a command's options.`,
    'Settings come from the environment, as for the server: DATA_DIR (embedded database) or',
    'DATABASE_URL with AUTH_SECRET (PostgreSQL), and SUPPORT_EMAIL.',
    'Exit codes: 0 done, 1 failed, 2 bad command or options.',
  );
  return lines.join('\n');
}

/** One command's usage and options. */
export function commandHelp(command: Command): string {
  const lines = [`${command.summary}.`, '', `Usage: ${PROGRAM} ${command.name} ${command.usage}`.trimEnd()];
  const names = Object.keys(command.options);
  if (names.length) {
    const width = Math.max(...names.map((n) => n.length + 2));
    lines.push('', 'Options:');
    for (const n of names) lines.push(`  ${`--${n}`.padEnd(width)}  ${command.options[n]!.help}`);
  }
  if (command.notes?.length) lines.push('', ...command.notes);
  return lines.join('\n');
}

// parseArgs explains itself in several sentences; the first one says what is wrong.
function firstSentence(message: string): string {
  const line = message.split('\n')[0] ?? message;
  const end = line.indexOf('. ');
  return end === -1 ? line.replace(/\.$/, '') : line.slice(0, end);
}

/** Turns an error into one line for the operator and an exit code. */
function report(err: unknown, command: string, io: Io): number {
  const hint = `Run ${PROGRAM} ${command} --help for its options.`;
  if (err instanceof AppError) {
    if (err.code === 'validation_failed' && err.options.fields) {
      const problems = Object.entries(fieldsOf(err.options.fields, 'en')).map(([field, problem]) => `--${field} ${problem}`);
      io.err(`${command}: ${problems.join('; ')}. ${hint}`);
      return EXIT_USAGE;
    }
    io.err(`${command}: ${textOf(err, 'en')}`);
    return err.code === 'validation_failed' ? EXIT_USAGE : EXIT_FAILED;
  }
  if (err instanceof DataDirBusyError || err instanceof ConfigError) {
    io.err(err.message);
    return EXIT_FAILED;
  }
  io.err(`${command} failed: ${err instanceof Error ? err.message : String(err)}`);
  return EXIT_FAILED;
}

export interface RunOptions {
  /** An already-open database to use (and leave open) instead of opening the configured one. */
  database?: Database;
}

/**
 * Runs one operator command in-process and resolves to its exit code. Settings come from env
 * (the process environment when left out); the database is opened only by commands that need
 * it and always closed again, so the DATA_DIR lock is released.
 */
export async function runCli(
  argv: readonly string[],
  io: Io,
  env?: Record<string, string | undefined>,
  options: RunOptions = {},
): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(generalHelp());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const close = commands.filter((c) => c.name.startsWith(name.split(':')[0] ?? name)).map((c) => c.name);
    const suggestion = close.length ? ` Did you mean ${close.join(', ')}?` : '';
    io.err(`Unknown command "${name}".${suggestion} Run ${PROGRAM} --help for the list.`);
    return EXIT_USAGE;
  }

  let values: OptionValues;
  try {
    values = parseArgs({
      args: [...args],
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    io.err(`${command.name}: ${firstSentence((err as Error).message)}. Run ${PROGRAM} ${command.name} --help for its options.`);
    return EXIT_USAGE;
  }
  if (values.help === true) {
    io.out(commandHelp(command));
    return EXIT_OK;
  }

  let opened: Database | undefined;
  try {
    const task = command.prepare(values);
    const config: Config = loadConfig(env);
    const ctx: CliContext = {
      config,
      io,
      database: async () => options.database ?? (opened ??= await open(config)),
    };
    return (await task(ctx)) ?? EXIT_OK;
  } catch (err) {
    return report(err, command.name, io);
  } finally {
    // Closing releases the DATA_DIR lock; a failure here must not hide the command's own outcome.
    await opened?.close().catch((err: unknown) => io.err(`Closing the database failed: ${(err as Error).message}`));
  }
}

async function open(config: Config): Promise<Database> {
  try {
    return await openDatabase(config, 'the ClassBots CLI');
  } catch (err) {
    if (err instanceof DataDirBusyError) throw err;
    const where = config.databaseUrl ? message('dbWherePostgres') : message('dbWhereEmbedded', { dir: config.dataDir });
    throw new AppError('unavailable', 503, message('dbOpenFailed', { where, detail: (err as Error).message }));
  }
}
