import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../contract/errors';

/**
 * The one error type handlers throw; the app's error handler turns it into the JSON error body.
 * `log` writes its code (never its message, which may quote a provider or the user) and the
 * safe fields of `cause`, the failure behind it.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: ContentfulStatusCode,
    message: string,
    readonly options: { fields?: Record<string, string>; headers?: Record<string, string>; log?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** The one 422 for input that breaks its rules, with each field's problem when there are fields to name. */
export const invalidInput = (message: string, fields?: Record<string, string>) =>
  new AppError('validation_failed', 422, message, fields ? { fields } : {});

/** The 422 of a request whose fields need attention (`fields`: each field's path to its problem). */
export const invalidFields = (fields: Record<string, string>) => invalidInput('Some fields need attention.', fields);

export const notFound = (what = 'That') => new AppError('not_found', 404, `${what} was not found.`);

/** True when a database error (or one it wraps) is a unique-constraint violation (23505), of `constraint` when named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: violated } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || violated === constraint)) return true;
  }
  return false;
}
