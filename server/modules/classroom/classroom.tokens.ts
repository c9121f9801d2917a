import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CLASSROOM_ERRORS } from '../../../contract/classroom';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { AppError } from '../../lib/errors';
import { classroomFailure, GoogleCallError, refreshAccess, type TokenAnswer, type TokenSource } from './classroom.google';
import { requireGoogle } from './classroom.policy';
import { message } from '../../lib/message';

/**
 * A teacher's Classroom tokens: sealed in `classroom_connection` with AES-256-GCM under a key
 * derived from the auth secret (the one better-auth signs sessions with), so a copy of the database
 * alone does not open anyone's Classroom. An access token is refreshed a minute before Google said
 * it expires, or at once after a 401; a refresh Google refuses marks the connection lost.
 */

const c = schema.classroomConnection;
/** Refresh this long before the access token's end, so a call never starts with a token about to lapse. */
const EARLY_MS = 60_000;

async function keyOf(deps: AppDeps): Promise<Buffer> {
  const { secret } = await deps.auth.$context;
  return createHash('sha256').update(`classbots-classroom-tokens\n${secret}`).digest();
}

export async function seal(deps: AppDeps, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(deps), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The sealed token's text, or undefined when it does not open (the auth secret changed, or the row was altered). */
export async function unseal(deps: AppDeps, sealed: string): Promise<string | undefined> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', await keyOf(deps), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const expiresAt = (answer: TokenAnswer) => new Date(Date.now() + answer.expires_in * 1000);

/** Keeps the tokens of a fresh consent for the teacher (replacing an older connection, lost or not). */
export async function storeConnection(deps: AppDeps, userId: string, answer: TokenAnswer & { refresh_token: string }, scopes: string[]) {
  const values = {
    refreshToken: await seal(deps, answer.refresh_token),
    accessToken: await seal(deps, answer.access_token),
    accessExpiresAt: expiresAt(answer),
    scopes,
    lostAt: null,
    updatedAt: new Date(),
  };
  await deps.database.db
    .insert(c)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: c.userId, set: values });
}

export const notConnected = () => new AppError(CLASSROOM_ERRORS.notConnected, 409, message('classroomConnectFirst'));

export const connectionLost = () => new AppError(CLASSROOM_ERRORS.connectionLost, 409, message('classroomConnectionLost'));

/** Marks the teacher's connection lost (kept, so they are told to connect again) and throws the answer that says so. */
async function lose(deps: AppDeps, userId: string): Promise<never> {
  await deps.database.db.update(c).set({ lostAt: new Date(), updatedAt: new Date() }).where(eq(c.userId, userId));
  throw connectionLost();
}

/**
 * The teacher's access tokens for Classroom calls (classroom.google.ts withToken), and what to do when
 * Google refuses them: `lost` marks the connection lost and throws.
 */
export function tokensOf(deps: AppDeps, userId: string): { tokens: TokenSource; lost: () => Promise<never> } {
  const lost = () => lose(deps, userId);
  const tokens: TokenSource = async (refresh) => {
    const { db } = deps.database;
    const [row] = await db.select().from(c).where(eq(c.userId, userId));
    if (!row) throw notConnected();
    if (row.lostAt) throw connectionLost();
    if (!refresh && row.accessExpiresAt.getTime() - EARLY_MS > Date.now()) {
      const access = await unseal(deps, row.accessToken);
      if (access) return access;
    }
    const refreshToken = await unseal(deps, row.refreshToken);
    if (!refreshToken) return lost();
    let answer: TokenAnswer;
    try {
      answer = await refreshAccess(deps.config, requireGoogle(deps.config), refreshToken);
    } catch (err) {
      if (err instanceof GoogleCallError && err.kind === 'invalid_grant') return lost();
      throw classroomFailure(err, message('classroomRenewRefused'));
    }
    await db
      .update(c)
      .set({
        accessToken: await seal(deps, answer.access_token),
        accessExpiresAt: expiresAt(answer),
        // Google sends a new refresh token only sometimes; the old one stays good otherwise.
        ...(answer.refresh_token ? { refreshToken: await seal(deps, answer.refresh_token) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(c.userId, userId));
    return answer.access_token;
  };
  return { tokens, lost };
}
