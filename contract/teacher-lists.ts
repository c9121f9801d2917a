import { z } from 'zod';
import { storedEmail, text } from './common';

/**
 * /api/school-admin/teachers: a school admin's list of their licence's teachers (issue 18 item 2).
 * The server and the web app share these schemas; the CSV import is previewed from the same text
 * it is later confirmed with, so the two cannot disagree.
 */

export const BUILDING_MAX = 80;
/** One import's bounds: a district's whole staff, and a body that fits the 1 MiB JSON limit. */
export const TEACHER_IMPORT_MAX_ROWS = 5000;
export const TEACHER_IMPORT_MAX_CHARS = 800_000;
/** The notice of a licence's end shows from this many days before it. */
export const EXPIRY_NOTICE_DAYS = 30;

/** A building: trimmed, at most 80 characters; empty (or left out) means none. */
export const teacherBuilding = text({
  trim: true,
  max: BUILDING_MAX,
  tooLong: `The building is longer than ${BUILDING_MAX} characters.`,
})
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const addTeacherInput = z.object({ email: storedEmail, building: teacherBuilding });
export type AddTeacherInput = z.input<typeof addTeacherInput>;

export const editTeacherInput = z.object({ building: teacherBuilding });
export type EditTeacherInput = z.input<typeof editTeacherInput>;

export const schoolTeacherRow = z.object({
  id: z.string(),
  email: z.string(),
  building: z.string().nullable(),
  /** An account with this e-mail exists. */
  signedUp: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** The address is also on the licence's admins list. */
  isAdmin: z.boolean(),
  addedAt: z.string(),
});
export type SchoolTeacherRow = z.infer<typeof schoolTeacherRow>;

export const licenceSummary = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  /** Last valid day (inclusive), YYYY-MM-DD; null = no end date. */
  expiration: z.string().nullable(),
  /** Days from today to the last valid day (0 = ends today); negative once expired; null without an end date. */
  daysLeft: z.number().nullable(),
  expired: z.boolean(),
  /** Expired, or ending within EXPIRY_NOTICE_DAYS: the page says so. */
  expiresSoon: z.boolean(),
  logoUrl: z.string().nullable(),
  admins: z.array(z.string()),
  /** Who to contact about the licence (the installation's support account), when configured. */
  supportEmail: z.string().nullable(),
});
export type LicenceSummary = z.infer<typeof licenceSummary>;

export const teacherList = z.object({ licence: licenceSummary, teachers: z.array(schoolTeacherRow) });
export type TeacherList = z.infer<typeof teacherList>;

export const importInput = z.object({
  csv: z
    .string({ error: 'The CSV text is missing.' })
    .max(
      TEACHER_IMPORT_MAX_CHARS,
      `The file is too large: at most ${TEACHER_IMPORT_MAX_CHARS.toLocaleString('en-US')} characters (about 780 KB). Split it into smaller files.`,
    ),
});
export type ImportInput = z.infer<typeof importInput>;

export const confirmImportInput = importInput.extend({
  /** The preview's fingerprint: the import writes only the changes the admin saw. */
  fingerprint: z.string().min(1).max(128),
});
export type ConfirmImportInput = z.infer<typeof confirmImportInput>;

export const importVerdict = z.enum([
  /** Not on the list yet: added. */
  'new',
  /** On the list with this building: nothing to do. */
  'unchanged',
  /** On the list; the file gives no building, so the one on the list is kept. */
  'already_listed',
  /** On the list with another building: the building is changed. */
  'building_change',
  /** Not an e-mail address, a building too long, ... (see reason). */
  'bad',
  /** The same e-mail on an earlier line of the file: only the first counts. */
  'duplicate',
  /** Not on one of the licence's domains. */
  'off_domain',
]);
export type ImportVerdict = z.infer<typeof importVerdict>;

export const importRow = z.object({
  line: z.number(),
  email: z.string(),
  building: z.string().nullable(),
  verdict: importVerdict,
  /** Why a row is bad, duplicate or off-domain, in words. */
  reason: z.string().nullable(),
  /** For a building change: the building on the list now. */
  currentBuilding: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importPreview = z.object({
  rows: z.array(importRow),
  counts: z.object({
    new: z.number(),
    building_change: z.number(),
    unchanged: z.number(),
    already_listed: z.number(),
    bad: z.number(),
    duplicate: z.number(),
    off_domain: z.number(),
  }),
  /** Hands the previewed changes to POST /import. */
  fingerprint: z.string(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({ added: z.number(), updated: z.number() });
export type ImportResult = z.infer<typeof importResult>;

/** Verdicts that write: the rest are shown and skipped. */
export const writingVerdicts: readonly ImportVerdict[] = ['new', 'building_change'];
