import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLASSROOM_ERRORS,
  CLASSROOM_SCOPES,
  CLASSROOM_STATE_MINUTES,
  type classroomCallbackQuery,
  type ClassroomOutcome,
} from '../../../contract/classroom';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { AppError } from '../../lib/errors';
import { logWarning } from '../../lib/log';
import { authorizeUrl, classroomFailure, exchangeCode, GoogleCallError, missingScopes } from './classroom.google';
import { requireGoogle, type ClassroomActor } from './classroom.policy';
import { storeConnection } from './classroom.tokens';
import { message } from '../../lib/message';

/**
 * Connecting a teacher's Google account for Classroom: OAuth 2's authorization code flow with PKCE.
 * The state is kept here, bound to the teacher who asked, for CLASSROOM_STATE_MINUTES and taken by
 * the one callback that answers it (deleted in the same statement), so a replayed or another
 * teacher's callback finds nothing.
 */

const s = schema.classroomOauthState;

/** A new state for the teacher, and the address of Google's consent page that carries it. */
export async function beginConnect(deps: AppDeps, actor: ClassroomActor): Promise<string> {
  const google = requireGoogle(deps.config);
  const { db } = deps.database;
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  // States nobody came back with: gone after their ten minutes.
  await db.delete(s).where(lt(s.expiresAt, new Date()));
  await db.insert(s).values({
    state,
    userId: actor.userId,
    codeVerifier,
    expiresAt: new Date(Date.now() + CLASSROOM_STATE_MINUTES * 60_000),
  });
  const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
  return authorizeUrl(deps.config, google, state, challenge);
}

const stateInvalid = () => new AppError(CLASSROOM_ERRORS.stateInvalid, 400, message('classroomStateInvalid'));

/**
 * Google's redirect back: the teacher's own state is taken (once), then the code is exchanged for
 * tokens, which are kept. Answers where the teacher lands: connected, or denied when they said no
 * on Google's page.
 */
export async function finishConnect(
  deps: AppDeps,
  actor: ClassroomActor,
  query: z.output<typeof classroomCallbackQuery>,
): Promise<ClassroomOutcome> {
  const google = requireGoogle(deps.config);
  const [taken] = await deps.database.db
    .delete(s)
    .where(and(eq(s.state, query.state), eq(s.userId, actor.userId), gt(s.expiresAt, new Date())))
    .returning({ codeVerifier: s.codeVerifier });
  if (!taken) throw stateInvalid();
  if (query.error !== undefined || query.code === undefined) return 'denied';
  let answer;
  try {
    answer = await exchangeCode(deps.config, google, query.code, taken.codeVerifier);
  } catch (err) {
    // A code Google no longer takes (used, expired): start again.
    if (err instanceof GoogleCallError && err.kind === 'invalid_grant') throw stateInvalid();
    throw classroomFailure(err, message('classroomConnectRefused'));
  }
  const missing = missingScopes(answer);
  if (missing.length) throw new AppError(CLASSROOM_ERRORS.scopesMissing, 403, message('classroomScopes'));
  if (!answer.refresh_token) {
    logWarning(null, 'classroom: the token answer held no refresh token');
    throw new AppError(CLASSROOM_ERRORS.badAnswer, 502, message('classroomNoLastingAccess'));
  }
  await storeConnection(
    deps,
    actor.userId,
    { ...answer, refresh_token: answer.refresh_token },
    answer.scope ? answer.scope.split(/\s+/) : [...CLASSROOM_SCOPES],
  );
  return 'connected';
}
