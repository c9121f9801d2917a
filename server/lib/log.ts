import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from './errors';

/**
 * The server's one way to log a failure. Logs must carry no user content: a database error's
 * message and detail quote the row ("Failing row contains (..., the student's essay, ...)"),
 * drizzle's message quotes the query and its parameters, a provider's message may echo the
 * prompt, a JSON error quotes its input, a file error names a path. So no message is ever
 * written, only fields that are codes, names of schema objects, and where in the code it failed.
 */

const requestScope = new AsyncLocalStorage<string>();

/** Runs the rest of a request with its id known to every log line it causes, however deep. */
export function withRequestId<T>(requestId: string, run: () => T): T {
  return requestScope.run(requestId, run);
}

/** Runs work that outlives the request that started it (a process-wide connection) without its id. */
export function outsideRequest<T>(run: () => T): T {
  return requestScope.exit(run);
}

// Fields of a PostgreSQL error (pg and PGlite alike) that name schema objects or codes, never values.
const databaseFields = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
// Fields of a Node system error that are codes, never paths or addresses.
const systemFields = ['code', 'errno', 'syscall'] as const;

const sqlState = /^[0-9A-Z]{5}$/;
const token = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_CAUSES = 6;
const MAX_FRAMES = 6;

function className(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object' && typeof value !== 'function') return `a thrown ${typeof value}`;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && token.test(name) ? name : 'Object';
}

/** A field worth writing: a short code-like string or a number (anything longer could be content). */
function safeValue(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && token.test(value)) return value;
  return undefined;
}

function isDatabaseError(e: Record<string, unknown>): boolean {
  return typeof e.code === 'string' && sqlState.test(e.code) && ('severity' in e || 'routine' in e || 'constraint' in e);
}

function describeOne(err: unknown): string {
  if (!err || typeof err !== 'object') return className(err);
  const e = err as Record<string, unknown>;
  // PGlite's bundle renames its DatabaseError class; name it as pg does.
  const parts = [isDatabaseError(e) ? 'DatabaseError' : className(err)];
  const add = (key: string, value: unknown) => {
    const safe = safeValue(value);
    if (safe !== undefined) parts.push(`${key}=${safe}`);
  };
  if (err instanceof AppError) {
    add('code', err.code);
    add('status', err.status);
  } else if (isDatabaseError(e)) {
    for (const key of databaseFields) add(key, e[key]);
  } else {
    for (const key of systemFields) add(key, e[key]);
    // An HTTP client's error (the AI SDK's APICallError): the status, never the body.
    add('statusCode', e.statusCode);
  }
  return parts.join(' ');
}

/** Where in our code it failed: the stack's frames without its first line (which is the message). */
function framesOf(err: unknown): string[] {
  const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack : '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => `    ${line.trim()}`);
}

/** The safe description of an error and its causes: class names and codes, never a message. */
export function describeError(err: unknown): string {
  const layers: string[] = [];
  let current: unknown = err;
  for (let i = 0; i < MAX_CAUSES && current !== undefined && current !== null; i++) {
    layers.push(describeOne(current));
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return layers.join(' <- ');
}

function line(requestId: string | null | undefined, where: string, err: unknown, withFrames: boolean): string {
  const id = requestId ?? requestScope.getStore();
  const head = `${id ? `[${id}] ` : ''}${where}`;
  if (err === undefined) return head;
  const frames = withFrames ? framesOf(err) : [];
  return [`${head}: ${describeError(err)}`, ...frames].join('\n');
}

/**
 * Logs a failure: the request id (given, or the one of the request this runs in), where (a fixed
 * text of our code, never user input), and the error's safe fields and frames.
 */
export function logError(requestId: string | null | undefined, where: string, err?: unknown): void {
  console.error(line(requestId, where, err, !(err instanceof AppError)));
}

/** The same, for a failure the server recovers from on its own (a missed checkpoint, a sweep). */
export function logWarning(requestId: string | null | undefined, where: string, err?: unknown): void {
  console.warn(line(requestId, where, err, false));
}
