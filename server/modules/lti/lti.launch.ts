import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { CLASS_NAME_MAX } from '../../../contract/classes';
import { LTI_LOGIN_MINUTES } from '../../../contract/lti';
import { text } from '../../../contract/common';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { toolSettings } from './lti.platforms';
import { findOrMakeAccount, putOnRoster, type LaunchAccount, type LaunchRole, type Platform, type PlatformPerson } from './lti.accounts';
import { serviceUrl } from './lti.services';
import { recordAudit } from '../../core/audit';
import { message, type ServerMessage } from '../../lib/message';

const p = schema.ltiPlatform;

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const TEACHER_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty',
];
const STUDENT_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
];

const refused = (code: string, status: 400 | 401 | 403, text: ServerMessage) => new AppError(code, status, text);
const expiredLaunch = () => refused('lti_launch_expired', 401, message('ltiLaunchExpired'));
const unverified = () => refused('lti_token_invalid', 401, message('ltiUnverified'));

/** The OIDC login request's fields (query or form), as the platform sends them. */
export const loginParams = z.object({
  iss: text({ max: 2_000 }).min(1),
  login_hint: text({ max: 2_000 }).min(1),
  target_link_uri: text({ max: 2_000 }).min(1),
  lti_message_hint: text({ max: 4_000 }).optional(),
  client_id: text({ max: 255 }).optional(),
  lti_deployment_id: text({ max: 255 }).optional(),
});

const short = (max: number) => text({ max: 10_000 }).transform((s) => s.trim().slice(0, max));

/** The claims of a launch this tool acts on, read after the signature is verified. */
const launchClaims = z.object({
  sub: text({ max: 255 }).min(1),
  nonce: z.string(),
  azp: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]),
  name: short(100).optional(),
  given_name: short(100).optional(),
  family_name: short(100).optional(),
  email: text({ max: 254 }).optional(),
  email_verified: z.boolean().optional(),
  [`${LTI}message_type`]: z.enum(['LtiResourceLinkRequest', 'LtiDeepLinkingRequest']),
  [`${LTI}version`]: z.literal('1.3.0'),
  [`${LTI}deployment_id`]: text({ max: 255 }).min(1),
  [`${LTI}roles`]: z.array(z.string()),
  [`${LTI}context`]: z
    .object({ id: text({ max: 255 }).min(1), label: short(CLASS_NAME_MAX).optional(), title: short(CLASS_NAME_MAX).optional() })
    .optional(),
  [`${LTI}resource_link`]: z.object({ id: text({ max: 255 }).min(1) }).optional(),
  [`${LTI}custom`]: z.record(z.string(), z.unknown()).optional(),
  [NRPS_CLAIM]: z.object({ context_memberships_url: serviceUrl }).optional().catch(undefined),
  [AGS_CLAIM]: z
    .object({ lineitem: serviceUrl.optional(), lineitems: serviceUrl.optional(), scope: z.array(z.string()).default([]) })
    .optional()
    .catch(undefined),
  [`${DL}deep_linking_settings`]: z
    .object({
      deep_link_return_url: text({ max: 2_000 })
        .url()
        .refine((url) => /^https?:\/\//i.test(url)),
      data: text({ max: 4_000 }).optional(),
    })
    .optional(),
});
type LaunchClaims = z.infer<typeof launchClaims>;

/**
 * Platforms' public key sets, fetched and kept by jose per key-set address (named in
 * server/core/process-state.ts): a key not yet seen makes jose fetch the set again.
 */
const platformKeySets = new Map<string, JWTVerifyGetKey>();
function keySetOf(url: string): JWTVerifyGetKey {
  let keySet = platformKeySets.get(url);
  if (!keySet) {
    if (platformKeySets.size >= 1_000) platformKeySets.clear();
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
    platformKeySets.set(url, keySet);
  }
  return keySet;
}

const randomToken = () => randomBytes(32).toString('base64url');

/**
 * The browser a login started in (decision 274): a random key in a cookie, its hash kept with the
 * login; the launch answering it must bring the same cookie, so a student's captured launch form
 * posted from a classmate's browser signs no one in. The launch is a cross-site form POST from the
 * platform's page, which a SameSite=Lax or Strict cookie would not travel with: the cookie is
 * SameSite=None (so Secure, which browsers allow on http://localhost too), HttpOnly, only for
 * /api/lti/ and for LTI_LOGIN_MINUTES. ClassBots never runs in a frame, so it is a first-party
 * cookie of a top-level navigation, which browsers blocking third-party cookies still send.
 */
export const LTI_BROWSER_COOKIE = 'classbots_lti_browser';
const browserHash = (key: string) => createHash('sha256').update(key).digest('base64url');

/** The browser's key: its cookie's when it holds one, else a new one (several logins in one browser share it). */
export const browserKeyOf = (cookie: string | undefined): string => (cookie && /^[A-Za-z0-9_-]{43}$/.test(cookie) ? cookie : randomToken());

export const browserCookie = (key: string) =>
  `${LTI_BROWSER_COOKIE}=${key}; Path=/api/lti/; Max-Age=${LTI_LOGIN_MINUTES * 60}; HttpOnly; Secure; SameSite=None`;

const sameBrowser = (key: string | undefined, hash: string) => {
  if (!key || !hash) return false;
  const a = Buffer.from(browserHash(key));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Step one of a launch, the OIDC third-party login: the platform names itself (and the client id,
 * when it has several registrations); we keep a state and a nonce for LTI_LOGIN_MINUTES and send the
 * browser to the platform's authentication address, which answers at our launch address.
 */
export async function beginLogin(deps: AppDeps, params: z.infer<typeof loginParams>, browserKey: string): Promise<string> {
  const { db } = deps.database;
  const platforms = await db
    .select()
    .from(p)
    .where(params.client_id ? and(eq(p.issuer, params.iss), eq(p.clientId, params.client_id)) : eq(p.issuer, params.iss));
  if (platforms.length !== 1) throw refused('lti_platform_unknown', 400, message('ltiPlatformUnregistered'));
  const platform = platforms[0]!;
  if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id))
    throw refused('lti_deployment_unknown', 403, message('ltiDeploymentUnregistered'));
  const tool = toolSettings(deps.config);
  if (!params.target_link_uri.startsWith(new URL(tool.launchUrl).origin))
    throw refused('lti_target_foreign', 400, message('ltiWrongAddress'));
  const state = randomToken();
  const nonce = randomToken();
  await db.delete(schema.ltiLogin).where(lt(schema.ltiLogin.expiresAt, new Date()));
  await db.insert(schema.ltiLogin).values({
    state,
    nonce,
    platformId: platform.id,
    browserHash: browserHash(browserKey),
    expiresAt: new Date(Date.now() + LTI_LOGIN_MINUTES * 60_000),
  });
  const url = new URL(platform.authUrl);
  const query: Record<string, string | undefined> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: tool.launchUrl,
    login_hint: params.login_hint,
    lti_message_hint: params.lti_message_hint,
    state,
    nonce,
  };
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

export interface VerifiedLaunch {
  platform: Platform;
  claims: LaunchClaims;
  role: LaunchRole;
}

/**
 * Step two: the platform's form post. The state is taken (so a replay finds none) and must be
 * this browser's (its login cookie), the token's
 * signature checked against the platform's key set, then its issuer, audience, age, nonce,
 * deployment, version and message type; the roles decide teacher or student.
 */
export async function verifyLaunch(
  db: Db,
  form: { id_token?: unknown; state?: unknown },
  browserKey: string | undefined,
): Promise<VerifiedLaunch> {
  if (typeof form.state !== 'string' || typeof form.id_token !== 'string' || form.state.length > 200 || form.id_token.length > 20_000)
    throw refused('lti_launch_incomplete', 400, message('ltiNoToken'));
  const [login] = await db
    .delete(schema.ltiLogin)
    .where(and(eq(schema.ltiLogin.state, form.state), gt(schema.ltiLogin.expiresAt, new Date())))
    .returning();
  if (!login) throw expiredLaunch();
  // Taken either way: a launch posted from another browser is someone else's, and used up.
  if (!sameBrowser(browserKey, login.browserHash)) throw refused('lti_launch_other_browser', 401, message('ltiOtherBrowser'));
  const [platform] = await db.select().from(p).where(eq(p.id, login.platformId));
  if (!platform) throw expiredLaunch();
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(form.id_token, keySetOf(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384'],
      clockTolerance: 60,
      maxTokenAge: `${LTI_LOGIN_MINUTES}m`,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) throw unverified();
    throw err;
  }
  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success) throw refused('lti_claims_invalid', 400, message('ltiMissingClaims'));
  const claims = parsed.data;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length > 1 && claims.azp !== platform.clientId) throw unverified();
  if (claims.nonce !== login.nonce) throw unverified();
  if (!platform.deploymentIds.includes(claims[`${LTI}deployment_id`]))
    throw refused('lti_deployment_unknown', 403, message('ltiDeploymentUnregistered'));
  const roles = claims[`${LTI}roles`];
  const role: LaunchRole | undefined = roles.some((x) => TEACHER_ROLES.includes(x))
    ? 'teacher'
    : roles.some((x) => STUDENT_ROLES.includes(x))
      ? 'student'
      : undefined;
  if (!role) throw refused('lti_role_unknown', 403, message('ltiCourseRoles'));
  if (claims[`${LTI}message_type`] === 'LtiDeepLinkingRequest') {
    if (role !== 'teacher') throw refused('lti_teachers_only', 403, message('ltiOnlyTeachersAdd'));
    if (!claims[`${DL}deep_linking_settings`]) throw refused('lti_claims_invalid', 400, message('ltiNoDeepLinking'));
  }
  return { platform, claims, role };
}

const personOf = (claims: LaunchClaims): PlatformPerson => ({
  sub: claims.sub,
  name: claims.name || [claims.given_name, claims.family_name].filter(Boolean).join(' '),
  email: claims.email,
  emailVerified: claims.email_verified,
});

/**
 * The account a launch signs in: the one linked to the platform's user id; else, when the platform
 * sends a verified address inside the school licence's domains, the account with that address
 * (then linked); else a new account, with that address or a placeholder one. Never by a name.
 */
export async function launchAccount(db: Db, launch: VerifiedLaunch): Promise<LaunchAccount> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => findOrMakeAccount(tx, launch.platform, personOf(launch.claims), launch.role));
    } catch (err) {
      // Two first launches of one person at once: the second finds what the first made.
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/**
 * Keeps the launch's course in step with a ClassBots class. A teacher's first launch from a course
 * makes the class (theirs); a student launching from a course with a class is put on its roster,
 * linked to their account, and gets the records of its open assignments (the roster hook).
 */
export async function syncCourse(deps: AppDeps, launch: VerifiedLaunch, account: LaunchAccount): Promise<string | undefined> {
  const context = launch.claims[`${LTI}context`];
  if (!context) return undefined;
  const { db } = deps.database;
  const c = schema.ltiContext;
  const membershipsUrl = launch.claims[NRPS_CLAIM]?.context_memberships_url;
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ classId: c.classId, membershipsUrl: c.membershipsUrl })
      .from(c)
      .where(and(eq(c.platformId, launch.platform.id), eq(c.contextId, context.id)))
      .for('update');
    if (known && membershipsUrl && membershipsUrl !== known.membershipsUrl)
      await tx
        .update(c)
        .set({ membershipsUrl })
        .where(and(eq(c.platformId, launch.platform.id), eq(c.contextId, context.id)));
    if (launch.role === 'teacher') {
      if (known) return known.classId;
      const title = context.title || context.label || 'Course';
      const [made] = await tx
        .insert(schema.teacherClass)
        .values({
          ownerId: account.id,
          name: title.slice(0, CLASS_NAME_MAX),
          section: context.label && context.title ? context.label.slice(0, 40) : null,
        })
        .returning({ id: schema.teacherClass.id });
      await tx.insert(c).values({ platformId: launch.platform.id, contextId: context.id, classId: made!.id, title, membershipsUrl });
      await recordAudit(tx, {
        actorKind: 'user',
        actorUserId: account.id,
        actorLabel: 'LTI launch',
        action: 'lti_course.link',
        entity: 'teacher_class',
        entityId: made!.id,
        after: { platformId: launch.platform.id, contextId: context.id },
      });
      return made!.id;
    }
    if (!known) return undefined;
    const added = await putOnRoster(tx, known.classId, account);
    if (added) await deps.hooks.rosterEntriesAdded(tx, known.classId, [added]);
    return known.classId;
  });
}

export { LTI, DL, AGS_CLAIM };
