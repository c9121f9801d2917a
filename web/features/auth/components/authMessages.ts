import { ApiError } from '../../../lib/http';
import { strings } from '../../../lib/strings';

/** A sign-in or account error in plain words, from the server's stable code. */
export function authErrorMessage(err: unknown, email: string): string {
  const s = strings.auth;
  if (!(err instanceof ApiError)) return s.failed;
  if (err.status === 0) return s.network;
  if (err.status === 429) return s.rateLimited(err.retryAfter);
  if (err.code === 'email_not_verified') return s.notVerified(email);
  if (err.code === 'invalid_email_or_password' || err.status === 401) return s.wrongCredentials;
  if (err.code === 'invalid_token') return s.resetLinkInvalid;
  return err.message || s.failed;
}

/** Field messages of a 422 answer, keyed by field name. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.fields ? err.fields : {};
}
