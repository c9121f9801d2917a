import { desc, eq } from 'drizzle-orm';
import type { LtiPlatform, LtiPlatformInput, LtiToolSettings } from '../../../contract/lti';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { auditSnapshot, recordAudit } from '../../core/audit';
import type { SessionUser } from '../../core/context';
import { AppError, invalidFields, isUniqueViolation } from '../../lib/errors';
import { rotateSigningKey } from './lti.keys';
import { message } from '../../lib/message';

const p = schema.ltiPlatform;
const l = schema.schoolLicence;

/** The addresses a platform's administrator pastes into the LMS. */
export function toolSettings(config: Config): LtiToolSettings {
  const base = config.baseUrl.replace(/\/$/, '');
  return {
    loginUrl: `${base}/api/lti/login`,
    launchUrl: `${base}/api/lti/launch`,
    jwksUrl: `${base}/api/lti/jwks`,
    deepLinkUrl: `${base}/api/lti/launch`,
  };
}

type PlatformRow = typeof p.$inferSelect;

function present(row: PlatformRow, schoolName: string): LtiPlatform {
  return {
    id: row.id,
    schoolId: row.schoolId,
    schoolName,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    authUrl: row.authUrl,
    tokenUrl: row.tokenUrl,
    jwksUrl: row.jwksUrl,
    managedAddresses: row.managedAddresses,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPlatforms(db: Db): Promise<LtiPlatform[]> {
  const rows = await db.select({ row: p, schoolName: l.schoolname }).from(p).innerJoin(l, eq(l.id, p.schoolId)).orderBy(desc(p.createdAt));
  return rows.map((r) => present(r.row, r.schoolName));
}

const actorFields = (actor: SessionUser) => ({ actorKind: 'support' as const, actorUserId: actor.id, actorLabel: actor.email });

/** Registers a platform for a school licence (the licence must exist; one registration per issuer and client id). */
export async function createPlatform(db: Db, actor: SessionUser, input: LtiPlatformInput): Promise<LtiPlatform> {
  try {
    return await db.transaction(async (tx) => {
      const [school] = await tx.select({ name: l.schoolname }).from(l).where(eq(l.id, input.schoolId));
      if (!school) throw invalidFields({ schoolId: message('noSuchLicence') });
      const [row] = await tx
        .insert(p)
        .values({ ...input, deploymentIds: [...new Set(input.deploymentIds)] })
        .returning();
      await recordAudit(tx, {
        ...actorFields(actor),
        action: 'lti_platform.create',
        entity: 'lti_platform',
        entityId: row!.id,
        after: auditSnapshot(row),
      });
      return present(row!, school.name);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'lti_platform_issuer_client_uq')) throw invalidFields({ clientId: message('platformRegistered') });
    throw err;
  }
}

/** Deletes a registration: its logins, linked accounts' links, synced courses and course links go with it (the accounts and classes stay). */
export async function deletePlatform(db: Db, actor: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(p).where(eq(p.id, id)).returning();
    if (!row) throw new AppError('not_found', 404, message('platformNotFound'));
    await recordAudit(tx, {
      ...actorFields(actor),
      action: 'lti_platform.delete',
      entity: 'lti_platform',
      entityId: id,
      before: auditSnapshot(row),
    });
  });
}

export async function rotateKey(db: Db, actor: SessionUser): Promise<{ kid: string }> {
  const kid = await rotateSigningKey(db);
  await recordAudit(db, { ...actorFields(actor), action: 'lti_key.rotate', entity: 'lti_key', entityId: kid });
  return { kid };
}
