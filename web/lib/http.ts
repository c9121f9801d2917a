import type { ZodType } from 'zod';
import { errorBody } from '../../contract/errors';
import { currentFormattingLocale } from './i18n/language';
import { translate } from './i18n/translate';

interface ApiErrorDetails {
  /** Per-field messages of a 422, keyed by the field's dotted path. */
  fields?: Record<string, string>;
  /** Seconds to wait, from Retry-After on a 429. */
  retryAfter?: number;
  /** The server's id of the failed request, for a support ticket. */
  requestId?: string;
}

/** A failed API call, carrying the server's stable error code (never branch on the message). */
export class ApiError extends Error {
  readonly fields: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;
  readonly requestId: string | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.fields = details.fields;
    this.retryAfter = details.retryAfter;
    this.requestId = details.requestId;
  }
}

/** The request never got an answer (status 0): the user may try again once the connection is back. */
export const networkError = () => new ApiError(0, 'network', translate('http.network'));

/**
 * The ApiError of a failed answer, from the one JSON error body of every /api failure
 * (`{ error: { code, message, requestId, fields } }`). `body` is the parsed JSON or its text (as
 * tus and the AI SDK hand it over); anything else, a proxy's HTML page say, gives code `unknown`.
 */
export function toApiError(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  let payload = body;
  if (typeof body === 'string') {
    try {
      payload = JSON.parse(body);
    } catch {
      payload = null;
    }
  }
  // Retry-After may also be an HTTP date; only the seconds form is used, the date reads as unknown.
  const retryAfter = Number(retryAfterHeader) || undefined;
  const parsed = errorBody.safeParse(payload);
  if (!parsed.success) return new ApiError(status, 'unknown', translate('http.unknownAnswer', { status: String(status) }), { retryAfter });
  const { code, message, fields, requestId } = parsed.data.error;
  return new ApiError(status, code, message, { fields, retryAfter, requestId });
}

/** Reads a failed answer's body into its ApiError. */
/**
 * The page's language on every API call (Accept-Language), so that a visitor's errors come back in
 * the language they chose; a signed-in person's account language still wins on the server (decision 272).
 */
function withLanguage(headers: HeadersInit | undefined): Headers {
  const all = new Headers(headers);
  if (!all.has('Accept-Language')) all.set('Accept-Language', currentFormattingLocale());
  return all;
}

async function readApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return toApiError(res.status, text, res.headers.get('Retry-After'));
}

/**
 * fetch on the same origin, but a request that gets no answer throws networkError() and a non-2xx
 * answer throws its ApiError; an abort stays an AbortError. The chat transport uses it as its fetch.
 */
export const apiFetch: typeof fetch = async (input, init) => {
  let res: Response;
  try {
    res = await fetch(input, { credentials: 'same-origin', ...init, headers: withLanguage(init?.headers) });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkError();
  }
  if (!res.ok) throw await readApiError(res);
  return res;
};

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
  const res = await apiFetch(path, {
    method,
    headers: method === 'GET' ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
    signal: options.signal,
  });
  const payload: unknown = await res.json().catch(() => null);
  return schema.parse(payload);
}

/** The answer to a versioned edit: the stored thing, or a 409 carrying it as the server has it now. */
export type VersionedOutcome<T> = { status: 'saved'; value: T } | { status: 'conflict'; current: T };

/**
 * PATCH against the version last seen (Saved Docs items, hand-edited documents): a 409 whose body
 * carries `current` is an outcome, not an error; anything else not 2xx throws its ApiError.
 */
export async function patchVersioned<T>(path: string, body: unknown, schema: ZodType<T>, conflictBody: ZodType<{ current: T }>) {
  const res = await fetch(path, {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: withLanguage({ Accept: 'application/json', 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  }).catch(() => {
    throw networkError();
  });
  const payload: unknown = await res.json().catch(() => null);
  if (res.status === 409) {
    const conflict = conflictBody.safeParse(payload);
    if (conflict.success) return { status: 'conflict', current: conflict.data.current } satisfies VersionedOutcome<T>;
  }
  if (res.ok) return { status: 'saved', value: schema.parse(payload) } satisfies VersionedOutcome<T>;
  throw toApiError(res.status, payload, res.headers.get('Retry-After'));
}

/** A query's retry rule: a 4xx is an answer (not found, not allowed), not a failure worth retrying. */
export const retryServerErrors = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2;
