import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { storedEmail } from '../../../contract/common';
import { parseCsv } from '../../../contract/roster/csv';
import {
  EXPIRY_NOTICE_DAYS,
  TEACHER_IMPORT_MAX_ROWS,
  teacherBuilding,
  writingVerdicts,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  type LicenceSummary,
  type SchoolTeacherRow,
  type TeacherList,
} from '../../../contract/teacher-lists';
import type { Db, Tx } from '../../db/client';
import { schema } from '../../db/client';
import { CSV_FORMULA_START, csvResponse } from '../../lib/csv';
import { AppError, invalidInput, isUniqueViolation, notFound, conflict } from '../../lib/errors';
import { formatMessage, message } from '../../lib/message';
import { asciiSlug } from '../../lib/file-names';
import type { SchoolAdmin as AdminSchool } from '../../core/access';
import { auditSnapshot, recordAudit, type AuditEntry } from '../../core/audit';
import { withdrawFromSchool } from '../bots';
import { planChanged } from '../../core/plan-changes';
import { emailDomain } from '../../core/plan';

type Licence = AdminSchool['licence'];
type TeacherRecord = typeof schema.schoolTeacher.$inferSelect;

const st = schema.schoolTeacher;
const DAY_MS = 86_400_000;

export const teacherNotFound = () => notFound(message('teacherNotFound'));

const actorOf = (admin: AdminSchool) =>
  ({ actorKind: 'admin', actorUserId: admin.user.id, actorLabel: admin.user.email.toLowerCase() }) as const;

/** The licence as the page's card shows it: its end, days left and whether the notice shows. */
export function licenceSummaryOf(licence: Licence, supportEmail: string | undefined, now = new Date()): LicenceSummary {
  const today = now.toISOString().slice(0, 10);
  const daysLeft = licence.expiration === null ? null : Math.round((Date.parse(licence.expiration) - Date.parse(today)) / DAY_MS);
  const expired = daysLeft !== null && daysLeft < 0;
  return {
    id: licence.id,
    name: licence.schoolname,
    domains: licence.domains,
    expiration: licence.expiration,
    daysLeft,
    expired,
    expiresSoon: daysLeft !== null && daysLeft <= EXPIRY_NOTICE_DAYS,
    logoUrl: licence.logoUrl,
    admins: [...licence.admins].sort(),
    supportEmail: supportEmail ?? null,
  };
}

/** The licence's teachers, each with whether an account exists and its last sign-in, by e-mail. */
async function teacherRows(db: Db | Tx, licence: Licence): Promise<SchoolTeacherRow[]> {
  const rows = await db
    .select({ row: st, userId: schema.user.id, lastSignInAt: schema.user.lastSignInAt })
    .from(st)
    .leftJoin(schema.user, eq(schema.user.email, st.email))
    .where(eq(st.schoolId, licence.id))
    .orderBy(asc(st.email));
  const admins = new Set(licence.admins);
  return rows.map(({ row, userId, lastSignInAt }) => ({
    id: row.id,
    email: row.email,
    building: row.building,
    signedUp: userId !== null,
    lastSignInAt: lastSignInAt ? lastSignInAt.toISOString() : null,
    isAdmin: admins.has(row.email),
    addedAt: row.createdAt.toISOString(),
  }));
}

export async function getTeacherList(db: Db, admin: AdminSchool, supportEmail: string | undefined): Promise<TeacherList> {
  return { licence: licenceSummaryOf(admin.licence, supportEmail), teachers: await teacherRows(db, admin.licence) };
}

function assertOnDomain(licence: Licence, email: string) {
  if (!licence.domains.includes(emailDomain(email))) throw offDomain(licence);
}

const offDomainReason = (licence: Licence) => message('offDomain', { domains: licence.domains.map((d) => `@${d}`).join(', ') });

const offDomain = (licence: Licence) =>
  new AppError('off_domain', 422, offDomainReason(licence), { fields: { email: offDomainReason(licence) } });

const duplicate = (email: string) =>
  conflict(message('alreadyOnTeacherList', { email }), { fields: { email: message('alreadyOnTeacherListField') } });

async function accountIdOf(db: Db | Tx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  return row?.id ?? null;
}

/** Adds one teacher (an e-mail on one of the licence's domains): 409 when already listed. */
export async function addTeacher(db: Db, admin: AdminSchool, input: { email: string; building: string | null }): Promise<SchoolTeacherRow> {
  const { licence } = admin;
  assertOnDomain(licence, input.email);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(st)
        .values({ schoolId: licence.id, email: input.email, building: input.building })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate(input.email);
      const accountId = await accountIdOf(tx, row.email);
      await recordAudit(tx, {
        ...actorOf(admin),
        action: 'school_teacher.add',
        subjectUserId: accountId,
        entity: 'school_teacher',
        entityId: row.id,
        before: null,
        after: auditSnapshot(row),
      });
      if (accountId) await planChanged(tx, accountId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input.email);
    throw err;
  }
  const rows = await teacherRows(db, licence);
  return rows.find((r) => r.email === input.email)!;
}

async function lockedRow(tx: Tx, licence: Licence, id: string): Promise<TeacherRecord> {
  const [row] = await tx
    .select()
    .from(st)
    .where(and(eq(st.id, id), eq(st.schoolId, licence.id)))
    .for('update');
  if (!row) throw teacherNotFound();
  return row;
}

/** Changes a listed teacher's building (null: none). Another school's row is not found. */
export async function editTeacher(db: Db, admin: AdminSchool, id: string, building: string | null): Promise<SchoolTeacherRow> {
  const { licence } = admin;
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx, licence, id);
    if (before.building === building) return;
    const [after] = await tx.update(st).set({ building }).where(eq(st.id, before.id)).returning();
    const accountId = await accountIdOf(tx, before.email);
    await recordAudit(tx, {
      ...actorOf(admin),
      action: 'school_teacher.edit',
      subjectUserId: accountId,
      entity: 'school_teacher',
      entityId: before.id,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    if (accountId) await planChanged(tx, accountId);
  });
  const rows = await teacherRows(db, licence);
  return rows.find((r) => r.id === id)!;
}

/**
 * Removes a teacher from the list. In the same transaction their bots leave the school's sharing
 * (withdrawFromSchool) and every process forgets their plan, so both take effect on their next
 * request and the school's.
 */
export async function removeTeacher(db: Db, admin: AdminSchool, id: string): Promise<void> {
  const { licence } = admin;
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx, licence, id);
    await tx.delete(st).where(eq(st.id, before.id));
    const accountId = await accountIdOf(tx, before.email);
    const withdrawn = accountId ? await withdrawFromSchool(tx, accountId, licence.id) : 0;
    await recordAudit(tx, {
      ...actorOf(admin),
      action: 'school_teacher.remove',
      subjectUserId: accountId,
      entity: 'school_teacher',
      entityId: before.id,
      before: { ...auditSnapshot(before), botsWithdrawnFromSchool: withdrawn },
      after: null,
    });
    if (accountId) await planChanged(tx, accountId);
  });
}

// ---------------------------------------------------------------- CSV import and export

/** The export's guard undone, so an exported file imports as it was. */
const importCell = (value: string) =>
  value.length > 1 && value.startsWith("'") && CSV_FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

const headerName = (field: string) => field.toLowerCase().replace(/[^a-z]/g, '');
const EMAIL_HEADERS = new Set(['email', 'emailaddress', 'mail', 'teacheremail']);

interface ParsedLine {
  line: number;
  email: string;
  building: string;
}

/** The CSV's rows (email, building), header optional: 422 for a file that cannot be read. */
function readRows(csv: string): ParsedLine[] {
  const parsed = parseCsv(csv);
  if (parsed.error) {
    const reason = message(parsed.error.kind === 'not_text' ? 'csvNotText' : 'csvQuoteOpen');
    throw invalidInput(message('csvLineReason', { line: parsed.error.line, reason }));
  }
  let records = parsed.records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (records.length === 0) throw invalidInput(message('teacherFileEmpty'));
  let emailCol = 0;
  let buildingCol = 1;
  const first = records[0]!;
  if (!first.fields.some((f) => f.includes('@'))) {
    const names = first.fields.map(headerName);
    emailCol = names.findIndex((n) => EMAIL_HEADERS.has(n));
    if (emailCol < 0) throw invalidInput(message('teacherFileNoEmail'));
    buildingCol = names.findIndex((n) => n === 'building' || n === 'school' || n === 'site');
    records = records.slice(1);
  }
  if (records.length > TEACHER_IMPORT_MAX_ROWS) {
    throw invalidInput(message('teacherFileTooLong', { rows: records.length, max: TEACHER_IMPORT_MAX_ROWS }));
  }
  return records.map((r) => ({
    line: r.line,
    email: importCell((r.fields[emailCol] ?? '').trim()),
    building: buildingCol >= 0 ? importCell((r.fields[buildingCol] ?? '').trim()) : '',
  }));
}

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'This value cannot be used.';

/** Each row's verdict against the list as it is now, and the fingerprint of the changes it would make. */
function planImport(licence: Licence, lines: ParsedLine[], current: TeacherRecord[]): ImportPreview {
  const existing = new Map(current.map((t) => [t.email, t]));
  const seen = new Map<string, number>();
  const rows: ImportRow[] = lines.map(({ line, email: rawEmail, building: rawBuilding }) => {
    const base = { line, email: rawEmail, building: rawBuilding || null, reason: null, currentBuilding: null };
    const email = storedEmail.safeParse(rawEmail);
    if (!email.success) return { ...base, verdict: 'bad', reason: firstIssue(email.error) };
    const building = teacherBuilding.safeParse(rawBuilding);
    if (!building.success) return { ...base, email: email.data, verdict: 'bad', reason: firstIssue(building.error) };
    const row = { ...base, email: email.data, building: building.data };
    const earlier = seen.get(row.email);
    if (earlier !== undefined) return { ...row, verdict: 'duplicate', reason: `Also on line ${earlier}; only that line counts.` };
    seen.set(row.email, line);
    if (!licence.domains.includes(emailDomain(row.email)))
      return { ...row, verdict: 'off_domain', reason: formatMessage(offDomainReason(licence), 'en') };
    const listed = existing.get(row.email);
    if (!listed) return { ...row, verdict: 'new' };
    const currentBuilding = listed.building;
    if (row.building === null) return { ...row, currentBuilding, verdict: currentBuilding === null ? 'unchanged' : 'already_listed' };
    if (row.building === currentBuilding) return { ...row, currentBuilding, verdict: 'unchanged' };
    return { ...row, currentBuilding, verdict: 'building_change' };
  });
  const counts = { new: 0, building_change: 0, unchanged: 0, already_listed: 0, bad: 0, duplicate: 0, off_domain: 0 };
  for (const r of rows) counts[r.verdict]++;
  const writes = rows.filter((r) => writingVerdicts.includes(r.verdict)).map((r) => [r.verdict, r.email, r.building, r.currentBuilding]);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([licence.id, writes]))
    .digest('base64url');
  return { rows, counts, fingerprint };
}

const listOf = (db: Db | Tx, licence: Licence) => db.select().from(st).where(eq(st.schoolId, licence.id));

/** What an import would do, row by row. Writes nothing. */
export async function previewImport(db: Db, admin: AdminSchool, csv: string): Promise<ImportPreview> {
  const lines = readRows(csv);
  return planImport(admin.licence, lines, await listOf(db, admin.licence));
}

const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Writes the good rows of a previewed import in one transaction: the plan is made again under a
 * lock on the licence, and only if it is the one previewed (same fingerprint). A plan with nothing
 * left to write (a double submit) writes nothing and succeeds; any other difference is a 409 and
 * nothing is written.
 */
export async function confirmImport(db: Db, admin: AdminSchool, csv: string, fingerprint: string): Promise<ImportResult> {
  const { licence } = admin;
  const lines = readRows(csv);
  return db.transaction(async (tx) => {
    await tx
      .select({ id: schema.schoolLicence.id })
      .from(schema.schoolLicence)
      .where(eq(schema.schoolLicence.id, licence.id))
      .for('update');
    const current = await listOf(tx, licence);
    const plan = planImport(licence, lines, current);
    const added = plan.rows.filter((r) => r.verdict === 'new');
    const changed = plan.rows.filter((r) => r.verdict === 'building_change');
    if (added.length + changed.length === 0) return { added: 0, updated: 0 };
    if (plan.fingerprint !== fingerprint) {
      throw conflict(message('teacherListChanged'));
    }
    const accounts = new Map<string, string>();
    for (const part of chunks([...added, ...changed].map((r) => r.email))) {
      const found = await tx
        .select({ id: schema.user.id, email: schema.user.email })
        .from(schema.user)
        .where(inArray(schema.user.email, part));
      for (const a of found) accounts.set(a.email, a.id);
    }
    const audits: AuditEntry[] = [];
    for (const part of chunks(added)) {
      const inserted = await tx
        .insert(st)
        .values(part.map((r) => ({ schoolId: licence.id, email: r.email, building: r.building })))
        .returning();
      for (const row of inserted) {
        audits.push({
          ...actorOf(admin),
          action: 'school_teacher.import_add',
          subjectUserId: accounts.get(row.email) ?? null,
          entity: 'school_teacher',
          entityId: row.id,
          before: null,
          after: auditSnapshot(row),
        });
      }
    }
    const byEmail = new Map(current.map((t) => [t.email, t]));
    for (const r of changed) {
      const before = byEmail.get(r.email)!;
      const [after] = await tx.update(st).set({ building: r.building }).where(eq(st.id, before.id)).returning();
      audits.push({
        ...actorOf(admin),
        action: 'school_teacher.import_edit',
        subjectUserId: accounts.get(r.email) ?? null,
        entity: 'school_teacher',
        entityId: before.id,
        before: auditSnapshot(before),
        after: auditSnapshot(after),
      });
    }
    for (const part of chunks(audits)) await tx.insert(schema.auditLog).values(part);
    // Many accounts at once: every process forgets every plan (one notice rather than thousands).
    if (accounts.size > 0) await planChanged(tx, accounts.size === 1 ? [...accounts.values()][0]! : null);
    return { added: added.length, updated: changed.length };
  });
}

/** A file-name-safe piece: ASCII letters, digits and dashes, lower case. */
const slug = (s: string) => asciiSlug(s).toLowerCase();

/** The list as CSV (email, building, signed_up, last_sign_in), with a BOM so spreadsheets read UTF-8. */
export async function exportTeachers(db: Db, admin: AdminSchool, now = new Date()): Promise<Response> {
  const rows = await teacherRows(db, admin.licence);
  const name = `teachers-${slug(admin.licence.schoolname) || 'school'}-${now.toISOString().slice(0, 10)}.csv`;
  return csvResponse(
    name,
    [
      ['email', 'building', 'signed_up', 'last_sign_in'],
      ...rows.map((r) => [r.email, r.building ?? '', r.signedUp ? 'yes' : 'no', r.lastSignInAt ?? '']),
    ],
    { bom: true },
  );
}
