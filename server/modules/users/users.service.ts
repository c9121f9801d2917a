import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { AccountRole } from '../../../contract/account';
import { nameFromAddress } from '../../../contract/roster';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { sessionsChanged } from '../../core/session-changes';
import { AppError, invalidInput, isUniqueViolation, conflict } from '../../lib/errors';
import { message } from '../../lib/message';

export interface NewUser {
  email: string;
  password: string;
  name?: string;
  role: AccountRole;
  verified: boolean;
}

function newId(): string {
  return randomBytes(24).toString('base64url');
}

/** A display name from an address when none is given: "jane.doe@x" gives "Jane Doe" (the rosters' rule). */
export const nameFromEmail = nameFromAddress;

/**
 * Creates an e-mail-and-password account directly (the operator's way, which may also create the
 * support account). The password is hashed exactly as sign-in expects.
 */
export async function createPasswordUser(db: Db, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  checkPassword(input.password);
  const hash = await hashPassword(input.password);
  const create = db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
    if (existing) throw conflict(message('accountExists', { email }));
    const id = newId();
    const [user] = await tx
      .insert(schema.user)
      .values({ id, email, name: input.name?.trim() || nameFromEmail(email), emailVerified: input.verified, role: input.role })
      .returning();
    await tx.insert(schema.account).values({ id: newId(), accountId: id, providerId: 'credential', userId: id, password: hash });
    return user!;
  });
  try {
    return await create;
  } catch (err) {
    // Two creations of one address at the same moment: the unique index decides, we say 409.
    if (isUniqueViolation(err)) throw conflict(message('accountExists', { email }));
    throw err;
  }
}

/** The same password rules as sign-up. */
function checkPassword(password: string) {
  if (password.length < 8) throw invalidInput(message('passwordTooShortSentence'));
  if (password.length > 128) throw invalidInput(message('passwordTooLongSentence'));
}

/** Sets a new password and ends every session of the account. */
export async function setPassword(db: Db, email: string, password: string) {
  checkPassword(password);
  const user = await findUserByEmail(db, email);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(schema.account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(schema.account.userId, user.id), eq(schema.account.providerId, 'credential')))
      .returning({ id: schema.account.id });
    if (updated.length === 0) {
      await tx
        .insert(schema.account)
        .values({ id: newId(), accountId: user.id, providerId: 'credential', userId: user.id, password: hash });
    }
    await tx.delete(schema.session).where(eq(schema.session.userId, user.id));
  });
  await sessionsChanged(db, user.id);
}

/** The account with this address, or a not-found AppError naming it. */
export async function findUserByEmail(db: Db, email: string) {
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select().from(schema.user).where(eq(schema.user.email, normalized));
  if (!user) throw new AppError('not_found', 404, message('noAccountWithAddress', { email: normalized }));
  return user;
}
