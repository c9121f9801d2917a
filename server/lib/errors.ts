import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '../../contract/errors';
import { formatMessage, message, type ServerMessage } from './message';

/**
 * The one error type handlers throw; the app's error handler turns it into the JSON error body.
 * `log` writes its code (never its message, which may quote a provider or the user) and the
 * safe fields of `cause`, the failure behind it.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: ContentfulStatusCode,
    /**
     * The text for people as a catalogue id and its values (decision 285), never a sentence: the
     * error handler formats it once, in the request's language. `message` is its English (for the
     * operator's terminal and tests; logs write the code only, never the message).
     */
    readonly text: ServerMessage,
    readonly options: {
      fields?: FieldProblems;
      headers?: Record<string, string>;
      log?: boolean;
      cause?: unknown;
      /** Fields the JSON body carries beside `error` (a stale save's `current`). */
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(formatMessage(text, 'en'), options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/**
 * Each field's problem in a 422 or 409: a message of the server's catalogue, or (until the
 * contract's schemas name ids, decision 285) the English a zod issue carries, and the plain data
 * some refusals give beside it (a quota's limit and reset time).
 */
export type FieldProblems = Record<string, ServerMessage | string>;

/** The one JSON error body (contract/errors.ts): what the error handler sends, and what a response rewrapped from a library carries. */
export const errorJson = (code: string, message: string, requestId: string, fields?: Record<string, string>): ErrorBody => ({
  error: { code, message, requestId, ...(fields ? { fields } : {}) },
});

/** The one 422 for input that breaks its rules, with each field's problem when there are fields to name. */
export const invalidInput = (message: ServerMessage, fields?: FieldProblems) =>
  new AppError('validation_failed', 422, message, fields ? { fields } : {});

/** The 422 of a request whose fields need attention (`fields`: each field's path to its problem). */
export const invalidFields = (fields: FieldProblems) => invalidInput(message('fieldsNeedAttention'), fields);

/** The one 404: `message` says what was not found (`message('classNotFound')`). */
export const notFound = (text: ServerMessage = message('thatNotFound')) => new AppError('not_found', 404, text);

/** The one 409: the request clashes with the state it found (closed, changed, already done); the message says what to do. */
export const conflict = (message: ServerMessage, options: AppError['options'] = {}) => new AppError('conflict', 409, message, options);

/**
 * The 409 of a save made against a version that is no longer the newest: the body carries the
 * item as the server has it now (`current`, typed by the contract's conflict body), so the editor
 * can offer both instead of losing either.
 */
export const staleVersion = <Body extends ErrorBody & { current: unknown }>(message: ServerMessage, current: Body['current']) =>
  conflict(message, { body: { current } });

/** True when a database error (or one it wraps) is a unique-constraint violation (23505), of `constraint` when named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: violated } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || violated === constraint)) return true;
  }
  return false;
}
