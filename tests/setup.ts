import { afterEach, vi } from 'vitest';

// A stray console.error is a bug unless the test says it provokes one: fail the test that caused it.
// The database tests share one process per worker (isolate: false, docs/decisions/220-test-stages.md),
// so this file runs once per test file in the same process: console.error is wrapped only the first
// time, and the state lives on globalThis where every file's copy of this module finds it.
interface ErrorWatch {
  unexpected: string[];
  allowed: boolean;
}
const key = Symbol.for('classbots.tests.console-error-watch');
const holder = globalThis as typeof globalThis & { [key]?: ErrorWatch };
const watch: ErrorWatch = (holder[key] ??= (() => {
  const state: ErrorWatch = { unexpected: [], allowed: false };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (!state.allowed) state.unexpected.push(args.map(String).join(' '));
    else original('[expected]', ...args);
  };
  return state;
})());

/** For a test that provokes a logged failure on purpose. */
export function allowConsoleErrors() {
  watch.allowed = true;
}

afterEach(() => {
  const errors = watch.unexpected;
  watch.unexpected = [];
  watch.allowed = false;
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (errors.length) throw new Error(`Unexpected console.error:\n${errors.join('\n')}`);
});
