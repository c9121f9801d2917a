import { z } from 'zod';
import type { Db } from '../../db/client';
import { signToolJwt } from './lti.keys';
import type { Platform } from './lti.accounts';

/**
 * Calls to a platform's LTI Advantage services (Names and Role Provisioning, Assignment and Grade
 * Services): an OAuth 2 client-credentials token got with a client assertion signed by our key
 * (RFC 7523), then the service call. Every answer is read through a schema; a failure is a
 * PlatformCallError whose kind (`http_503`, `timeout`, `garbled`) is all a log line carries.
 */

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const CALL_TIMEOUT_MS = 10_000;

export class PlatformCallError extends Error {
  constructor(readonly kind: string) {
    super(`platform call failed: ${kind}`);
    this.name = 'PlatformCallError';
  }
}

export async function platformCall(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (err) {
    throw new PlatformCallError(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'unreachable');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new PlatformCallError(`http_${res.status}`);
  }
  return res;
}

export async function readAs<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new PlatformCallError('garbled');
  return parsed.data;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(10_000),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

/** A bearer token for these scopes from the platform's token endpoint. */
export async function serviceToken(db: Db, platform: Platform, scopes: string[]): Promise<string> {
  const assertion = await signToolJwt(db, { iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl });
  const res = await platformCall(platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }),
  });
  return (await readAs(res, tokenAnswer)).access_token;
}

/** An address a platform gave for a service: http(s) only. */
export const serviceUrl = z
  .string()
  .max(2_000)
  .url()
  .refine((url) => /^https?:\/\//i.test(url));
