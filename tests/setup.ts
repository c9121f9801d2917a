import { afterEach, vi } from 'vitest';

// A stray console.error is a bug unless the test says it provokes one: fail the test that caused it.
let unexpected: string[] = [];
let allowed = false;
const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (!allowed) unexpected.push(args.map(String).join(' '));
  else original('[expected]', ...args);
};

/** For a test that provokes a logged failure on purpose. */
export function allowConsoleErrors() {
  allowed = true;
}

afterEach(() => {
  const errors = unexpected;
  unexpected = [];
  allowed = false;
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`Unexpected console.error:\n${errors.join('\n')}`);
});
