import { eq } from 'drizzle-orm';
import {
  defaultCrisisLines,
  installationCrisisLines,
  type CrisisLines,
  type InstallationCrisisLines,
  type InstallationCrisisLinesView,
  type SchoolSafetySettings,
  type SchoolSafetyView,
} from '../../../contract/crisis-lines';
import type { Locale } from '../../../contract/locale';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { AppDeps } from '../../core/context';
import { logWarning } from '../../lib/log';
import { recordAudit } from '../../core/audit';
import { resolvePool } from '../usage';

/**
 * The crisis lines in effect for a student (docs/product/safety.md#crisis-lines): their school's
 * (the school of the teacher who set the assignment), else the installation's for the student's
 * language, else the built-in ones for that language. Read from the database each time (a few rows
 * by primary key): nothing of it is kept in memory, so a change made in another process applies at
 * once.
 */

const KEY = 'crisis_lines';
const none: InstallationCrisisLines = { en: null, es: null };

/** The installation's lines for each language (null where the support account set none). */
export async function installationLines(db: Db): Promise<InstallationCrisisLines> {
  const [row] = await db
    .select({ value: schema.installationSetting.value })
    .from(schema.installationSetting)
    .where(eq(schema.installationSetting.key, KEY));
  if (!row) return none;
  // Written through the same schema; a row that no longer reads (a hand edit) falls back to the defaults.
  const parsed = installationCrisisLines.safeParse(row.value);
  if (!parsed.success) {
    logWarning(null, 'crisis lines: the installation setting does not read; the defaults apply');
    return none;
  }
  return parsed.data;
}

export async function installationLinesView(db: Db): Promise<InstallationCrisisLinesView> {
  return { ...(await installationLines(db)), defaults: defaultCrisisLines };
}

/** Who changed a safety setting, as the audit log names them. */
export interface SettingActor {
  kind: 'support' | 'admin';
  userId: string;
  email: string;
}

/** PUT /api/superdash/crisis-lines: the whole setting, replaced; audited with what it was and became. */
export async function setInstallationLines(
  db: Db,
  value: InstallationCrisisLines,
  actor: SettingActor,
): Promise<InstallationCrisisLinesView> {
  await db.transaction(async (tx) => {
    const before = await installationLines(tx);
    await tx
      .insert(schema.installationSetting)
      .values({ key: KEY, value, updatedBy: actor.userId, updatedAt: new Date() })
      .onConflictDoUpdate({ target: schema.installationSetting.key, set: { value, updatedBy: actor.userId, updatedAt: new Date() } });
    await recordAudit(tx, {
      ...actorFields(actor),
      action: 'crisis_lines.update',
      subjectUserId: null,
      entity: 'installation_setting',
      entityId: KEY,
      before: { ...before },
      after: { ...value },
    });
  });
  return installationLinesView(db);
}

const actorFields = (actor: SettingActor) => ({ actorKind: actor.kind, actorUserId: actor.userId, actorLabel: actor.email.toLowerCase() });

/** The lines for a school (or none) and a language, from the settings already read. */
function linesInEffect(school: CrisisLines | null, installation: InstallationCrisisLines, locale: Locale): CrisisLines {
  return school ?? installation[locale] ?? defaultCrisisLines[locale];
}

async function schoolRow(db: Db, schoolId: string) {
  const [row] = await db
    .select({ crisisLines: schema.schoolLicence.crisisLines, reportingGuidance: schema.schoolLicence.reportingGuidance })
    .from(schema.schoolLicence)
    .where(eq(schema.schoolLicence.id, schoolId));
  return row;
}

/** GET /api/school-admin/safety: the school's settings and what its students see now in each language. */
export async function schoolSafety(db: Db, schoolId: string): Promise<SchoolSafetyView> {
  const [row, installation] = await Promise.all([schoolRow(db, schoolId), installationLines(db)]);
  const crisisLines = row?.crisisLines ?? null;
  return {
    crisisLines,
    reportingGuidance: row?.reportingGuidance ?? null,
    inEffect: { en: linesInEffect(crisisLines, installation, 'en'), es: linesInEffect(crisisLines, installation, 'es') },
  };
}

/** PUT /api/school-admin/safety: the admin's own school only (the id comes from their licence). */
export async function setSchoolSafety(
  db: Db,
  schoolId: string,
  input: SchoolSafetySettings,
  actor: SettingActor,
): Promise<SchoolSafetyView> {
  await db.transaction(async (tx) => {
    const before = await schoolRow(tx, schoolId);
    await tx
      .update(schema.schoolLicence)
      .set({ crisisLines: input.crisisLines, reportingGuidance: input.reportingGuidance, updatedAt: new Date() })
      .where(eq(schema.schoolLicence.id, schoolId));
    await recordAudit(tx, {
      ...actorFields(actor),
      action: 'school_safety.update',
      subjectUserId: null,
      entity: 'school_licence',
      entityId: schoolId,
      before: before ? { crisisLines: before.crisisLines, reportingGuidance: before.reportingGuidance } : null,
      after: { crisisLines: input.crisisLines, reportingGuidance: input.reportingGuidance },
    });
  });
  return schoolSafety(db, schoolId);
}

/** The school a teacher's students belong to for these settings: the teacher's licence, if any. */
async function schoolOfTeacher(deps: AppDeps, teacherId: string): Promise<string | null> {
  const pool = await resolvePool(deps.database.db, deps.config.ai, teacherId, deps.config);
  return pool.schoolId ?? null;
}

/** The crisis lines for a student of `teacherId`'s assignment, in the student's language. */
export async function crisisLinesFor(deps: AppDeps, teacherId: string, locale: Locale): Promise<CrisisLines> {
  const { db } = deps.database;
  const [schoolId, installation] = await Promise.all([schoolOfTeacher(deps, teacherId), installationLines(db)]);
  const school = schoolId ? ((await schoolRow(db, schoolId))?.crisisLines ?? null) : null;
  return linesInEffect(school, installation, locale);
}

/** A school's reporting guidance for its safeguarding flags (null: none set, or no school). */
export async function reportingGuidanceOf(deps: AppDeps, teacherId: string | null): Promise<string | null> {
  if (!teacherId) return null;
  const schoolId = await schoolOfTeacher(deps, teacherId).catch(() => null);
  if (!schoolId) return null;
  return (await schoolRow(deps.database.db, schoolId))?.reportingGuidance ?? null;
}
