import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config';
import { schema } from '../../db/client';
import type { AppDeps, SessionUser } from '../../core/context';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { recordAudit } from '../../core/audit';
import { giveAssignmentToClass } from '../assignments';
import { signToolJwt } from './lti.keys';
import { AGS_CLAIM, DL, LTI, type VerifiedLaunch } from './lti.launch';
import { toolSettings } from './lti.platforms';
import { message } from '../../lib/message';

/**
 * The deep-linking request a teacher is answering, carried by the picker page's address (signed, one
 * hour, answered once: its `jti` is kept in lti_deep_link_use by the answer that used it).
 */
const pendingLink = z.object({
  platformId: z.string(),
  contextId: z.string(),
  classId: z.string(),
  deploymentId: z.string(),
  returnUrl: z.string(),
  data: z.string().optional(),
  userId: z.string(),
});
type PendingLink = z.infer<typeof pendingLink>;

const AUDIENCE = 'classbots:lti-deep-link';
const keyOf = (config: Config) =>
  createHash('sha256')
    .update(`lti-deep-link\n${config.authSecret ?? ''}`)
    .digest();

export async function pendingLinkToken(config: Config, launch: VerifiedLaunch, userId: string, classId: string): Promise<string> {
  const settings = launch.claims[`${DL}deep_linking_settings`]!;
  const context = launch.claims[`${LTI}context`];
  const claims: PendingLink = {
    platformId: launch.platform.id,
    contextId: context?.id ?? '',
    classId,
    deploymentId: launch.claims[`${LTI}deployment_id`],
    returnUrl: settings.deep_link_return_url,
    data: settings.data,
    userId,
  };
  return new SignJWT({ link: claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomBytes(16).toString('base64url'))
    .setExpirationTime('1h')
    .sign(keyOf(config));
}

const expired = () => new AppError('lti_link_expired', 400, message('ltiPageExpired'));

const used = () => new AppError('lti_link_used', 409, message('ltiPageUsed'));

async function readPending(config: Config, token: string): Promise<PendingLink & { jti: string; expiresAt: Date }> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['jti', 'exp'],
    });
    return { ...pendingLink.parse((payload as { link?: unknown }).link), jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000) };
  } catch {
    throw expired();
  }
}

export const finishInput = z.object({ request: z.string().min(1).max(4_000), assignmentId: z.string().uuid('Choose an assignment.') });

/**
 * The teacher chose an assignment for the course: it is given to the course's class (its students
 * get records), a link is kept for the launches it will open, and the platform gets a signed
 * deep-linking response naming our launch address with the link's id.
 */
export async function finishDeepLink(
  deps: AppDeps,
  user: SessionUser,
  input: z.infer<typeof finishInput>,
): Promise<{ returnUrl: string; jwt: string }> {
  const pending = await readPending(deps.config, input.request);
  if (pending.userId !== user.id) throw new AppError('forbidden', 403, message('ltiOtherAccount'));
  const { db } = deps.database;
  const [platform] = await db.select().from(schema.ltiPlatform).where(eq(schema.ltiPlatform.id, pending.platformId));
  if (!platform) throw expired();
  let made: { linkId: string; title: string };
  try {
    made = await db.transaction(async (tx) => {
      // Once: the request's id is kept by the answer that used it (a refused choice keeps nothing).
      await tx.delete(schema.ltiDeepLinkUse).where(lt(schema.ltiDeepLinkUse.expiresAt, new Date()));
      await tx.insert(schema.ltiDeepLinkUse).values({ jti: pending.jti, expiresAt: pending.expiresAt });
      if (!(await giveAssignmentToClass(tx, user.id, input.assignmentId, pending.classId)))
        throw new AppError('not_found', 404, message('assignmentNotFound'));
      const [assignment] = await tx
        .select({ title: schema.assignment.title })
        .from(schema.assignment)
        .where(eq(schema.assignment.id, input.assignmentId));
      const [link] = await tx
        .insert(schema.ltiLink)
        .values({ platformId: platform.id, contextId: pending.contextId, assignmentId: input.assignmentId, createdBy: user.id })
        .returning({ id: schema.ltiLink.id });
      await recordAudit(tx, {
        actorKind: 'user',
        actorUserId: user.id,
        actorLabel: user.email,
        action: 'lti_link.create',
        entity: 'lti_link',
        entityId: link!.id,
        after: { platformId: platform.id, contextId: pending.contextId, assignmentId: input.assignmentId, classId: pending.classId },
      });
      return { linkId: link!.id, title: assignment!.title };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'lti_deep_link_use_pkey')) throw used();
    throw err;
  }
  const jwt = await signToolJwt(db, {
    iss: platform.clientId,
    aud: platform.issuer,
    nonce: randomBytes(16).toString('base64url'),
    [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
    [`${LTI}version`]: '1.3.0',
    [`${LTI}deployment_id`]: pending.deploymentId,
    ...(pending.data !== undefined ? { [`${DL}data`]: pending.data } : {}),
    [`${DL}content_items`]: [
      {
        type: 'ltiResourceLink',
        title: made.title,
        url: toolSettings(deps.config).launchUrl,
        custom: { classbots_link: made.linkId },
        lineItem: { scoreMaximum: 1, label: made.title, resourceId: input.assignmentId },
      },
    ],
  });
  return { returnUrl: pending.returnUrl, jwt };
}

/** The launch's link, when it is one of ours for this platform and course: the assignment it opens (its line item noted). */
export async function linkedAssignment(deps: AppDeps, launch: VerifiedLaunch): Promise<string | undefined> {
  const linkId = launch.claims[`${LTI}custom`]?.classbots_link;
  const contextId = launch.claims[`${LTI}context`]?.id;
  if (typeof linkId !== 'string' || !z.string().uuid().safeParse(linkId).success || !contextId) return undefined;
  const l = schema.ltiLink;
  const [link] = await deps.database.db
    .select({ assignmentId: l.assignmentId, lineItemUrl: l.lineItemUrl })
    .from(l)
    .where(and(eq(l.id, linkId), eq(l.platformId, launch.platform.id), eq(l.contextId, contextId)));
  // The gradebook column the platform made for the link (its AGS claim): where scores go.
  const lineItem = launch.claims[AGS_CLAIM]?.lineitem;
  if (link && lineItem && lineItem !== link.lineItemUrl)
    await deps.database.db.update(l).set({ lineItemUrl: lineItem }).where(eq(l.id, linkId));
  return link?.assignmentId;
}

/** A page that posts the signed response to the platform (its own CSP: only this script, only that form target). */
export function autoPostPage(returnUrl: string, jwt: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Returning to your course</title></head><body>
<form id="f" method="post" action="${esc(returnUrl)}"><input type="hidden" name="JWT" value="${esc(jwt)}"><p>Adding the assignment to your course…</p><button type="submit">Return to the course</button></form>
<script nonce="${nonce}">document.getElementById('f').submit();</script></body></html>`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(returnUrl).origin}; base-uri 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
