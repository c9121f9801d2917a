import { errorBody } from '../../../contract/errors';
import type { MessageId, MessageValues, Translate } from '../i18n';

/** Why an upload failed; each kind has its own message (docs/product/files.md#how-a-file-travels). */
export type UploadErrorKind =
  'unauthenticated' | 'quota' | 'forbidden' | 'not_found' | 'too_large' | 'unsupported' | 'refused' | 'retry_limit' | 'cancelled' | 'other';

/** The catalogue message of each kind, shown when the server gave no words of its own. */
const messageIds = {
  unauthenticated: 'upload.errors.unauthenticated',
  quota: 'upload.errors.quota',
  forbidden: 'upload.errors.forbidden',
  not_found: 'upload.errors.notFound',
  too_large: 'upload.errors.tooLarge',
  unsupported: 'upload.errors.unsupported',
  refused: 'upload.errors.other',
  retry_limit: 'upload.errors.retryLimit',
  cancelled: 'upload.errors.cancelled',
  other: 'upload.errors.other',
} as const satisfies Record<UploadErrorKind, MessageId>;

/**
 * A failed upload. Made outside React, so it carries no words of the page's language: its message
 * is the server's own (already in the request's language) or, without one, the catalogue id that
 * uploadErrorMessage() turns into words.
 */
export class UploadError extends Error {
  readonly messageId: MessageId;
  constructor(
    readonly kind: UploadErrorKind,
    /** The server's words, when it gave some. */
    readonly serverMessage?: string,
    readonly status = 0,
    readonly values?: MessageValues,
  ) {
    super(serverMessage ?? messageIds[kind]);
    this.messageId = messageIds[kind];
    this.name = 'UploadError';
  }
}

/** What a failed upload tells the teacher, in the page's language. */
export function uploadErrorMessage(err: unknown, t: Translate): string {
  if (!(err instanceof UploadError)) return t('upload.errors.other');
  return err.serverMessage ?? t(err.messageId, err.values);
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
  switch (status) {
    case 401:
      return new UploadError('unauthenticated', undefined, status);
    case 402:
      return new UploadError('quota', fromServer, status);
    case 403:
      return new UploadError('forbidden', undefined, status);
    case 404:
    case 410:
      return new UploadError('not_found', undefined, status);
    case 413:
      return new UploadError('too_large', fromServer, status);
    case 415:
      return new UploadError('unsupported', fromServer, status);
    case 422:
      return new UploadError('refused', fromServer, status);
    default:
      return new UploadError('other', fromServer, status);
  }
}

export function retryLimitError(maxRetryMs: number): UploadError {
  return new UploadError('retry_limit', undefined, 0, { minutes: Math.max(1, Math.round(maxRetryMs / 60_000)) });
}
