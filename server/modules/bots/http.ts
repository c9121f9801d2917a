import type { ZodType } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';

function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return new AppError('validation_failed', 422, 'Some fields need attention.', { fields });
}

/** Parses the query string against a schema, with the same 422 body as readJson. */
export function readQuery<T>(c: AppContext, schema: ZodType<T>): T {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalid(parsed.error.issues);
  return parsed.data;
}

/** Like readJson, for endpoints whose body may be left out entirely (an empty body means {}). */
export async function readOptionalJson<T>(c: AppContext, schema: ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('bad_request', 400, 'The request body is not valid JSON.');
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues);
  return parsed.data;
}
