import { planChanged } from '../../core/plan-changes';
import { and, arrayOverlaps, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { AppError, invalidFields, conflict } from '../../lib/errors';
import { auditSnapshot, recordAudit } from '../../core/audit';
import type { GrantActor } from './subscriptions.service';
import { emailDomain } from '../../core/plan';
import { withdrawFromSchool } from '../bots';
import { dayField, domainField, emailField, operatorText, parseInput, uniqueList } from './inputs';
import { message } from '../../lib/message';

export type SchoolLicence = typeof schema.schoolLicence.$inferSelect;

const schoolName = operatorText(200).min(1, 'must not be empty');
const domainList = uniqueList(domainField).refine((d) => d.length > 0, 'must name at least one domain');
const adminList = uniqueList(emailField);
const building = operatorText(100).transform((b) => b || null);

/** An https address of the school's logo for the top bar; null removes it. */
const logoUrl = z
  .url({ protocol: /^https$/, error: 'must be an https:// address' })
  .max(2000, 'must be at most 2,000 characters')
  .nullable();

export const createSchoolInput = z.object({
  name: schoolName,
  domains: domainList,
  admins: adminList.default([]),
  expires: dayField.nullable().default(null),
  logoUrl: logoUrl.default(null),
});

export const updateSchoolInput = z.object({
  domain: domainField,
  name: schoolName.optional(),
  domains: domainList.optional(),
  admins: adminList.optional(),
  /** null removes the end date. */
  expires: dayField.nullable().optional(),
  logoUrl: logoUrl.optional(),
});

export const schoolTeacherInput = z.object({
  domain: domainField,
  email: emailField,
  building: building.nullable().default(null),
});

// Two operators adding overlapping domains at once must not both pass the overlap check.
async function lockLicences(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

async function refuseTakenDomains(tx: Tx, domains: string[], exceptId?: string) {
  const clash = await tx
    .select({ name: schema.schoolLicence.schoolname, domains: schema.schoolLicence.domains })
    .from(schema.schoolLicence)
    .where(and(arrayOverlaps(schema.schoolLicence.domains, domains), exceptId ? ne(schema.schoolLicence.id, exceptId) : undefined))
    .limit(1);
  const other = clash[0];
  if (!other) return;
  const taken = domains.filter((d) => other.domains.includes(d));
  throw conflict(message('domainTaken', { domains: taken.join(', '), school: other.name }), {
    fields: { domains: `${taken.join(', ')} already belongs to ${other.name}` },
  });
}

// Admin and teacher entries only ever match people whose address is on one of the licence's domains.
function refuseOffDomain(field: 'admins' | 'email', emails: string[], domains: string[]) {
  const off = emails.filter((e) => !domains.includes(emailDomain(e)));
  if (off.length === 0) return;
  const message = `${off.join(', ')} ${off.length > 1 ? 'are' : 'is'} not on the licence's domains (${domains.join(', ')})`;
  throw invalidFields({ [field]: message });
}

/** The licence that has this domain among its domains, or a not-found AppError. */
export async function findSchoolByDomain(db: Db | Tx, domain: string): Promise<SchoolLicence> {
  const d = parseInput(z.object({ domain: domainField }), { domain }).domain;
  const [licence] = await db
    .select()
    .from(schema.schoolLicence)
    .where(sql`${d} = any(${schema.schoolLicence.domains})`)
    .limit(1);
  if (!licence) throw new AppError('not_found', 404, message('noLicenceForDomain', { domain: d }));
  return licence;
}

/**
 * Writes a licence change's audit entry in the change's transaction: who (the command line, or the
 * support account through superDash), and the licence before and after.
 */
async function auditLicence(
  tx: Tx,
  actor: GrantActor,
  action: 'school_licence.create' | 'school_licence.update',
  before: SchoolLicence | null,
  after: SchoolLicence,
) {
  await recordAudit(tx, {
    actorKind: actor.kind,
    actorUserId: actor.kind === 'support' ? actor.userId : null,
    actorLabel: actor.kind === 'support' ? actor.label : 'command line',
    action,
    subjectUserId: null,
    entity: 'school_licence',
    entityId: after.id,
    before: auditSnapshot(before),
    after: auditSnapshot(after),
  });
}

/** Creates a school licence; the first domain is the primary one. */
export async function createSchool(
  db: Db,
  input: z.input<typeof createSchoolInput>,
  actor: GrantActor = { kind: 'cli' },
): Promise<SchoolLicence> {
  const data = parseInput(createSchoolInput, input);
  refuseOffDomain('admins', data.admins, data.domains);
  return db.transaction(async (tx) => {
    await lockLicences(tx);
    await refuseTakenDomains(tx, data.domains);
    const [licence] = await tx
      .insert(schema.schoolLicence)
      .values({
        schoolname: data.name,
        domain: data.domains[0]!,
        domains: data.domains,
        admins: data.admins,
        expiration: data.expires,
        logoUrl: data.logoUrl,
      })
      .returning();
    await auditLicence(tx, actor, 'school_licence.create', null, licence!);
    // Anyone on its domains may have a new plan now.
    await planChanged(tx, null);
    return licence!;
  });
}

/** Changes a licence found by any of its domains; only the fields given change. */
export async function updateSchool(
  db: Db,
  input: z.input<typeof updateSchoolInput>,
  actor: GrantActor = { kind: 'cli' },
): Promise<SchoolLicence> {
  const data = parseInput(updateSchoolInput, input);
  return changeSchool(db, (tx) => findSchoolByDomain(tx, data.domain), data, actor);
}

/** Changes the licence with this id (superDash names licences by id); only the fields given change. */
export async function updateSchoolById(
  db: Db,
  id: string,
  input: z.input<ReturnType<typeof updateSchoolInput.omit<{ domain: true }>>>,
  actor: GrantActor,
): Promise<SchoolLicence> {
  const data = parseInput(updateSchoolInput.omit({ domain: true }), input);
  return changeSchool(
    db,
    async (tx) => {
      const [licence] = await tx.select().from(schema.schoolLicence).where(eq(schema.schoolLicence.id, id)).for('update');
      if (!licence) throw new AppError('not_found', 404, message('licenceNotFound'));
      return licence;
    },
    data,
    actor,
  );
}

async function changeSchool(
  db: Db,
  find: (tx: Tx) => Promise<SchoolLicence>,
  data: Omit<z.output<typeof updateSchoolInput>, 'domain'>,
  actor: GrantActor,
): Promise<SchoolLicence> {
  return db.transaction(async (tx) => {
    await lockLicences(tx);
    const licence = await find(tx);
    const domains = data.domains ?? licence.domains;
    const admins = data.admins ?? licence.admins;
    if (data.domains) await refuseTakenDomains(tx, data.domains, licence.id);
    refuseOffDomain('admins', admins, domains);
    const [updated] = await tx
      .update(schema.schoolLicence)
      .set({
        schoolname: data.name ?? licence.schoolname,
        domain: domains[0]!,
        domains,
        admins,
        expiration: data.expires === undefined ? licence.expiration : data.expires,
        logoUrl: data.logoUrl === undefined ? licence.logoUrl : data.logoUrl,
        updatedAt: new Date(),
      })
      .where(eq(schema.schoolLicence.id, licence.id))
      .returning();
    await auditLicence(tx, actor, 'school_licence.update', licence, updated!);
    await planChanged(tx, null);
    return updated!;
  });
}

/**
 * Puts a teacher on a licence's teachers list, or updates their entry: the entry then holds
 * exactly the building given (none when none is given).
 */
export async function addSchoolTeacher(db: Db, input: z.input<typeof schoolTeacherInput>) {
  const data = parseInput(schoolTeacherInput, input);
  const licence = await findSchoolByDomain(db, data.domain);
  refuseOffDomain('email', [data.email], licence.domains);
  const [existing] = await db
    .select({ id: schema.schoolTeacher.id })
    .from(schema.schoolTeacher)
    .where(and(eq(schema.schoolTeacher.schoolId, licence.id), eq(schema.schoolTeacher.email, data.email)));
  await db
    .insert(schema.schoolTeacher)
    .values({ schoolId: licence.id, email: data.email, building: data.building })
    .onConflictDoUpdate({
      target: [schema.schoolTeacher.schoolId, schema.schoolTeacher.email],
      set: { building: data.building },
    });
  await planChanged(db, null);
  return { school: licence, email: data.email, building: data.building, updated: Boolean(existing) };
}

/** Takes a teacher off a licence's teachers list; they are a student of the school from then on. */
export async function removeSchoolTeacher(db: Db, input: { domain: string; email: string }) {
  const data = parseInput(schoolTeacherInput.pick({ domain: true, email: true }), input);
  const licence = await findSchoolByDomain(db, data.domain);
  // As a school admin's removal does (teacher-lists.service): in one transaction the row goes, the
  // teacher's bots leave the school's sharing, the change is audited and every process hears it.
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(schema.schoolTeacher)
      .where(and(eq(schema.schoolTeacher.schoolId, licence.id), eq(schema.schoolTeacher.email, data.email)))
      .returning();
    if (!removed) throw new AppError('not_found', 404, message('notOnTeachersListOf', { email: data.email, school: licence.schoolname }));
    const [account] = await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, data.email));
    const withdrawn = account ? await withdrawFromSchool(tx, account.id, licence.id) : 0;
    await recordAudit(tx, {
      actorKind: 'cli',
      actorLabel: 'command line',
      action: 'school_teacher.remove',
      subjectUserId: account?.id ?? null,
      entity: 'school_teacher',
      entityId: removed.id,
      before: { ...auditSnapshot(removed), botsWithdrawnFromSchool: withdrawn },
      after: null,
    });
    await planChanged(tx, account?.id ?? null);
  });
  return { school: licence, email: data.email };
}

/** The teachers list of a licence, by e-mail. */
export async function listSchoolTeachers(db: Db, schoolId: string) {
  return db
    .select({ email: schema.schoolTeacher.email, building: schema.schoolTeacher.building })
    .from(schema.schoolTeacher)
    .where(eq(schema.schoolTeacher.schoolId, schoolId))
    .orderBy(schema.schoolTeacher.email);
}
