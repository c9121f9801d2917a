import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, isNotNull, lt, or, gt } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { LTI_KEY_RETIRED_DAYS } from '../../../contract/lti';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const k = schema.ltiKey;
const ALG = 'RS256';
const DAY = 86_400_000;

/** Makes a new RS256 key and returns its row (not yet stored). */
async function newKey() {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  return { kid, publicJwk, privateJwk };
}

/**
 * The key that signs now: the newest one not retired, made on first use. Two processes making the
 * first key at once each store one; the newer signs and both are published, so either verifies.
 */
async function signingKey(db: Db) {
  const [current] = await db.select().from(k).where(isNull(k.retiredAt)).orderBy(desc(k.createdAt)).limit(1);
  if (current) return current;
  const [made] = await db
    .insert(k)
    .values(await newKey())
    .returning();
  return made!;
}

/** The public keys platforms verify our tokens with: every key not retired, and those retired in the last LTI_KEY_RETIRED_DAYS. */
export async function publicKeySet(db: Db): Promise<{ keys: Record<string, unknown>[] }> {
  await signingKey(db);
  const since = new Date(Date.now() - LTI_KEY_RETIRED_DAYS * DAY);
  const rows = await db
    .select({ publicJwk: k.publicJwk })
    .from(k)
    .where(or(isNull(k.retiredAt), gt(k.retiredAt, since)))
    .orderBy(desc(k.createdAt));
  return { keys: rows.map((r) => r.publicJwk) };
}

/** Retires the signing key and makes a new one; keys retired longer than LTI_KEY_RETIRED_DAYS ago are deleted. Returns the new key's id. */
export async function rotateSigningKey(db: Db): Promise<string> {
  const made = await newKey();
  await db.transaction(async (tx) => {
    await tx.update(k).set({ retiredAt: new Date() }).where(isNull(k.retiredAt));
    await tx.insert(k).values(made);
    await tx.delete(k).where(and(isNotNull(k.retiredAt), lt(k.retiredAt, new Date(Date.now() - LTI_KEY_RETIRED_DAYS * DAY))));
  });
  return made.kid;
}

/** A JWT signed with the current key, its kid in the header (deep-linking responses, client assertions). */
export async function signToolJwt(db: Db, payload: JWTPayload, expiresIn = '5m'): Promise<string> {
  const key = await signingKey(db);
  const privateKey = await importJWK(key.privateJwk, ALG);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .setJti(randomUUID())
    .sign(privateKey);
}

export const keyById = (db: Db, kid: string) => db.select().from(k).where(eq(k.kid, kid));
