import type { ZodType } from 'zod';
import { errorBody } from '../../contract/errors';

/** A failed API call, carrying the server's stable error code (never branch on the message). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> | undefined = undefined,
    /** Seconds to wait, from Retry-After on a 429. */
    readonly retryAfter: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; every non-GET sends at least `{}` (the server refuses an empty JSON body). */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the ClassBots API on the same origin and validates the answer with the given schema.
 * Network failures and non-2xx answers throw an ApiError (status 0 for the network).
 */
export async function apiRequest<T>(path: string, schema: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: method === 'GET' ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'The ClassBots server could not be reached. Check your connection and try again.');
  }
  const payload: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBody.safeParse(payload);
    const retryAfter = Number(res.headers.get('Retry-After')) || undefined;
    if (parsed.success) {
      const e = parsed.data.error;
      throw new ApiError(res.status, e.code, e.message, e.fields, retryAfter);
    }
    throw new ApiError(res.status, 'unknown', `The server answered ${res.status}.`, undefined, retryAfter);
  }
  return schema.parse(payload);
}
