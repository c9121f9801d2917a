import type { Config } from '../config';
import type { Database } from '../db/client';

/** Where a command writes: standard output for results, standard error for problems. */
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

export interface CliContext {
  config: Config;
  io: Io;
  /** Opens (and migrates) the configured database on first use; the runner closes it. */
  database: () => Promise<Database>;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** One line for the command's --help. */
  help: string;
}

export type OptionValues = Record<string, string | boolean | undefined>;

/** What a command does once its arguments are valid; resolves to the exit code (0 when void). */
export type Task = (ctx: CliContext) => Promise<number | void>;

export interface Command {
  name: string;
  group: string;
  summary: string;
  usage: string;
  options: Record<string, OptionSpec>;
  notes?: string[];
  /**
   * Validates the parsed options (throwing a validation AppError that names them) before any
   * database is opened, and returns the work to do.
   */
  prepare: (values: OptionValues) => Task;
}

/** Defines a command whose prepare step turns raw option values into a typed input for run. */
export function defineCommand<I>(
  spec: Omit<Command, 'prepare'> & {
    parse: (values: OptionValues) => I;
    /** The work; a command that reads only files may answer at once. */
    run: (input: I, ctx: CliContext) => Promise<number | void> | number | void;
  },
): Command {
  const { parse, run, ...rest } = spec;
  return {
    ...rest,
    prepare(values) {
      const input = parse(values);
      return async (ctx) => run(input, ctx);
    },
  };
}

/** A string option's value (parseArgs guarantees the type of each declared option). */
export const str = (values: OptionValues, name: string): string | undefined => {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
};

/** A boolean flag's value. */
export const flag = (values: OptionValues, name: string): boolean => values[name] === true;
