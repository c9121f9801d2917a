import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { emailDomain } from '../../core/plan';
import { AppError } from '../../lib/errors';
import { message } from '../../lib/message';

const u = schema.user;
const r = schema.rosterEntry;

export type Platform = typeof schema.ltiPlatform.$inferSelect;
export type LaunchRole = 'teacher' | 'student';

/** An address no one can receive mail at (RFC 2606 `.invalid`), fixed for one platform user. */
function placeholderAddress(platformId: string, sub: string): string {
  return `lti-${createHash('sha256').update(`${platformId}\n${sub}`).digest('hex').slice(0, 24)}@lti.invalid`;
}

/** A person as a platform names them: in a launch's claims or on a course's member list. */
export interface PlatformPerson {
  sub: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
}

function displayName(person: PlatformPerson, role: LaunchRole): string {
  return person.name?.trim().slice(0, 100) || (role === 'teacher' ? 'Teacher' : 'Student');
}

export interface LaunchAccount {
  id: string;
  email: string;
  name: string;
}

const roleMismatch = (role: LaunchRole) =>
  new AppError('lti_role_mismatch', 403, role === 'teacher' ? message('ltiRoleTeacher') : message('ltiRoleStudent'));

/** The account of a platform's person (see launchAccount), inside the caller's transaction. */
export async function findOrMakeAccount(tx: Db, platform: Platform, person: PlatformPerson, role: LaunchRole): Promise<LaunchAccount> {
  const [linked] = await tx
    .select({ id: u.id, email: u.email, name: u.name, role: u.role })
    .from(schema.ltiAccount)
    .innerJoin(u, eq(u.id, schema.ltiAccount.userId))
    .where(and(eq(schema.ltiAccount.platformId, platform.id), eq(schema.ltiAccount.sub, person.sub)));
  if (linked) {
    if (linked.role !== role) throw roleMismatch(role);
    return linked;
  }
  const [school] = await tx
    .select({ domains: schema.schoolLicence.domains })
    .from(schema.schoolLicence)
    .where(eq(schema.schoolLicence.id, platform.schoolId));
  const email = person.email?.trim().toLowerCase();
  // An address counts when the platform vouches for it: marked verified in the launch, or every
  // address of a platform registered as the institution's own (decision 274). Either way only on
  // the licence's domains, so a platform never reaches another school's (or anyone's) accounts.
  const vouched = person.emailVerified === true || platform.managedAddresses;
  const schoolAddress = email && vouched && school?.domains.includes(emailDomain(email)) ? email : undefined;
  let address = schoolAddress;
  let account: (LaunchAccount & { role: string }) | undefined;
  if (schoolAddress) {
    [account] = await tx.select({ id: u.id, email: u.email, name: u.name, role: u.role }).from(u).where(eq(u.email, schoolAddress));
    if (account && account.role !== role) throw roleMismatch(role);
    if (account) {
      // One account per person of a platform: an account already linked to another of its users is
      // not handed to a second one naming the same address (a renamed or mistyped user).
      const [taken] = await tx
        .select({ sub: schema.ltiAccount.sub })
        .from(schema.ltiAccount)
        .where(and(eq(schema.ltiAccount.platformId, platform.id), eq(schema.ltiAccount.userId, account.id)));
      if (taken) [account, address] = [undefined, undefined];
    }
  }
  if (!account) {
    [account] = await tx
      .insert(u)
      .values({
        id: randomUUID(),
        name: displayName(person, role),
        email: address ?? placeholderAddress(platform.id, person.sub),
        // A school address the platform vouched for, or a placeholder no one else can claim.
        emailVerified: true,
        role,
      })
      .returning({ id: u.id, email: u.email, name: u.name, role: u.role });
  }
  await tx.insert(schema.ltiAccount).values({ platformId: platform.id, sub: person.sub, userId: account!.id });
  return account!;
}

/**
 * Puts an account on a class's roster from its course (source `lti`), linked; an entry already
 * there with its address is linked instead. Returns the entry when one was added (for the roster hook).
 */
export async function putOnRoster(tx: Db, classId: string, account: LaunchAccount) {
  const email = account.email.toLowerCase();
  const [entry] = await tx
    .select({ id: r.id, userId: r.userId })
    .from(r)
    .where(and(eq(r.classId, classId), eq(r.email, email), isNull(r.removedAt)));
  if (entry) {
    if (entry.userId !== account.id) await tx.update(r).set({ userId: account.id }).where(eq(r.id, entry.id));
    return undefined;
  }
  const [added] = await tx.insert(r).values({ classId, email, name: account.name, userId: account.id, source: 'lti' }).returning();
  return added;
}
