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

/** A token is used until this long before the platform says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** A token's life when the platform does not say (RFC 6749 leaves expires_in optional). */
const TOKEN_DEFAULT_MS = 5 * 60_000;
const TOKENS_MAX = 1_000;

/**
 * Service tokens got from the platforms, per Database (named in server/core/process-state.ts): one
 * per registration, token address and scopes, reused until shortly before it expires; a token the
 * platform refuses (401) is forgotten and one new one is asked for.
 */
const serviceTokens = new WeakMap<Db, Map<string, { token: Promise<string>; until: number }>>();
const tokenKey = (platform: Platform, scopes: string[]) =>
  [platform.id, platform.clientId, platform.tokenUrl, ...[...scopes].sort()].join('\n');

async function requestToken(db: Db, platform: Platform, scopes: string[]): Promise<{ token: string; lifeMs: number }> {
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
  const answer = await readAs(res, tokenAnswer);
  const lifeMs = answer.expires_in !== undefined && answer.expires_in > 0 ? answer.expires_in * 1000 : TOKEN_DEFAULT_MS;
  return { token: answer.access_token, lifeMs };
}

/** A bearer token for these scopes from the platform's token endpoint: the one this process holds while it lasts. */
export async function serviceToken(db: Db, platform: Platform, scopes: string[]): Promise<string> {
  let tokens = serviceTokens.get(db);
  if (!tokens) serviceTokens.set(db, (tokens = new Map<string, { token: Promise<string>; until: number }>()));
  const key = tokenKey(platform, scopes);
  const held = tokens.get(key);
  if (held && held.until > Date.now()) return held.token;
  if (tokens.size >= TOKENS_MAX) tokens.clear();
  const asked = requestToken(db, platform, scopes);
  // Until the answer comes, callers share the one request; a failed one is not kept.
  const entry = { token: asked.then((a) => a.token), until: Number.POSITIVE_INFINITY };
  entry.token.catch(() => undefined); // the failure reaches the callers; never an unhandled rejection
  tokens.set(key, entry);
  try {
    const { lifeMs } = await asked;
    entry.until = Date.now() + Math.max(0, lifeMs - TOKEN_MARGIN_MS);
  } catch (err) {
    if (tokens.get(key) === entry) tokens.delete(key);
    throw err;
  }
  return entry.token;
}

/** Forgets the token held for these scopes (the platform refused it). */
export function forgetServiceToken(db: Db, platform: Platform, scopes: string[]): void {
  serviceTokens.get(db)?.delete(tokenKey(platform, scopes));
}

/**
 * A service call with the held token; when the platform answers 401 (it revoked or forgot the
 * token), the token is forgotten and the call made once more with a new one.
 */
export async function withServiceToken<T>(db: Db, platform: Platform, scopes: string[], call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(await serviceToken(db, platform, scopes));
  } catch (err) {
    if (!(err instanceof PlatformCallError && err.kind === 'http_401')) throw err;
    forgetServiceToken(db, platform, scopes);
    return call(await serviceToken(db, platform, scopes));
  }
}

/** An address a platform gave for a service: http(s) only. */
export const serviceUrl = z
  .string()
  .max(2_000)
  .url()
  .refine((url) => /^https?:\/\//i.test(url));
