import { errorBody } from '../../../contract/errors';
import { uploadStrings } from './strings';

/** Why an upload failed; each kind has its own message (docs/product/files.md#how-a-file-travels). */
export type UploadErrorKind =
  'unauthenticated' | 'quota' | 'forbidden' | 'not_found' | 'too_large' | 'unsupported' | 'refused' | 'retry_limit' | 'cancelled' | 'other';

export class UploadError extends Error {
  constructor(
    readonly kind: UploadErrorKind,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** Network failures, timeouts, throttling and server errors are worth retrying; nothing else is. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function serverMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = errorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.error.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The error a failed answer means for the teacher. 401, 403 and 404 have fixed messages; 402 and
 * the refusals show the server's message, which carries the numbers (quota used, limit) or reason.
 */
export function uploadErrorFor(status: number, body?: string): UploadError {
  const fromServer = serverMessage(body);
  const e = uploadStrings.errors;
  switch (status) {
    case 401:
      return new UploadError('unauthenticated', e.unauthenticated, status);
    case 402:
      return new UploadError('quota', fromServer ?? e.quota, status);
    case 403:
      return new UploadError('forbidden', e.forbidden, status);
    case 404:
    case 410:
      return new UploadError('not_found', e.notFound, status);
    case 413:
      return new UploadError('too_large', fromServer ?? e.tooLarge, status);
    case 415:
      return new UploadError('unsupported', fromServer ?? e.unsupported, status);
    case 422:
      return new UploadError('refused', fromServer ?? e.other, status);
    default:
      return new UploadError('other', fromServer ?? e.other, status);
  }
}

export function retryLimitError(maxRetryMs: number): UploadError {
  return new UploadError('retry_limit', uploadStrings.errors.retryLimit(Math.max(1, Math.round(maxRetryMs / 60_000))));
}
