import { ApiError } from '../../../lib/http';
import type { Translate } from '../../../lib/i18n';

/** A sign-in or account error in plain words, from the server's stable code. */
export function authErrorMessage(err: unknown, email: string, t: Translate): string {
  if (!(err instanceof ApiError)) return t('auth.failed');
  if (err.status === 0) return t('auth.network');
  if (err.status === 429) return err.retryAfter ? t('auth.rateLimitedSeconds', { seconds: err.retryAfter }) : t('auth.rateLimited');
  if (err.code === 'email_not_verified') return t('auth.notVerified', { email });
  if (err.code === 'invalid_email_or_password' || err.status === 401) return t('auth.wrongCredentials');
  if (err.code === 'invalid_token') return t('auth.resetLinkInvalid');
  // The server's own words for other refusals (in the request's language once the server speaks it).
  return err.message || t('auth.failed');
}

/** Field messages of a 422 answer, keyed by field name. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.fields ? err.fields : {};
}
