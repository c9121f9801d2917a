import { z } from 'zod';
import { text } from './common';

/**
 * The crisis lines a student is given in the self-harm reply and the help card beside the message
 * box (docs/product/safety.md#crisis-lines). A school's admin sets its school's (one country); the
 * support account sets the installation's, one set for each language; without either, the built-in
 * defaults for the student's language apply (the US lines). Endpoints: GET/PUT
 * /api/superdash/crisis-lines (support), GET/PUT /api/school-admin/safety (a school's admin).
 */

/** At most this many lines in one set. */
export const CRISIS_LINES_MAX = 5;
export const CRISIS_LINE_NAME_MAX = 80;
export const REPORTING_GUIDANCE_MAX = 2000;

/** A number to call or text: digits, spaces and dashes, a leading + allowed. */
const number = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{0,18}[0-9]$/, 'Write the number with digits only (spaces, dashes and a leading + allowed).');

export const crisisLine = z
  .strictObject({
    name: text({
      trim: true,
      min: 1,
      max: CRISIS_LINE_NAME_MAX,
      tooShort: 'Name the help line.',
      tooLong: 'Keep the name under 80 characters.',
    }),
    /** A number to call. */
    call: number.optional(),
    /** A number to text. */
    sms: number.optional(),
    /** The word to text, when the line asks for one (Crisis Text Line's HOME). */
    smsWord: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/, 'The word to text is one word of letters or digits.')
      .optional(),
    /** A web address without https:// ("findahelpline.com", "kidshelpphone.ca/chat"). */
    web: z
      .string()
      .trim()
      .max(100, 'Keep the web address under 100 characters.')
      .regex(/^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[A-Za-z0-9._~/-]*)?$/i, 'Write the web address without https://, like findahelpline.com.')
      .optional(),
  })
  .refine((l) => l.call !== undefined || l.sms !== undefined || l.web !== undefined, {
    message: 'Give each help line a number to call or text, or a web address.',
  })
  .refine((l) => l.smsWord === undefined || l.sms !== undefined, {
    message: 'A word to text needs a number to text it to.',
    path: ['smsWord'],
  });
export type CrisisLine = z.infer<typeof crisisLine>;

/** One set of lines: the country they serve, its emergency number, and the lines. */
export const crisisLines = z.strictObject({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose the country by its two-letter code (US, MX, ES).')
    .transform((c) => c.toUpperCase()),
  emergency: z
    .string()
    .trim()
    .regex(/^[0-9]{2,6}$/, 'The emergency number is 2 to 6 digits (911, 112, 999).'),
  lines: z.array(crisisLine).min(1, 'Add at least one help line.').max(CRISIS_LINES_MAX, 'Add at most 5 help lines.'),
});
export type CrisisLines = z.infer<typeof crisisLines>;

/** The languages the installation's defaults are set for. */
export const crisisLanguages = ['en', 'es'] as const;

/** GET and PUT /api/superdash/crisis-lines: the installation's lines for each language, null to use the built-in defaults. */
export const installationCrisisLines = z.strictObject({
  en: crisisLines.nullable(),
  es: crisisLines.nullable(),
});
export type InstallationCrisisLines = z.infer<typeof installationCrisisLines>;

/** GET /api/superdash/crisis-lines answers the settings and the built-in defaults the empty ones fall back to. */
export const installationCrisisLinesView = installationCrisisLines.extend({
  defaults: z.strictObject({ en: crisisLines, es: crisisLines }),
});
export type InstallationCrisisLinesView = z.infer<typeof installationCrisisLinesView>;

/**
 * GET and PUT /api/school-admin/safety: the school's crisis lines (null: the installation's, else the
 * defaults) and its reporting guidance, shown on every safeguarding flag (null: the app's general words).
 */
export const schoolSafetySettings = z.strictObject({
  crisisLines: crisisLines.nullable(),
  reportingGuidance: text({ trim: true, max: REPORTING_GUIDANCE_MAX, tooLong: 'Keep the reporting guidance under 2000 characters.' })
    .nullable()
    .transform((g) => (g ? g : null)),
});
export type SchoolSafetySettings = z.infer<typeof schoolSafetySettings>;

/** What GET /api/school-admin/safety answers: the settings and the lines a student of the school sees now in each language. */
export const schoolSafetyView = schoolSafetySettings.extend({
  inEffect: z.strictObject({ en: crisisLines, es: crisisLines }),
});
export type SchoolSafetyView = z.infer<typeof schoolSafetyView>;

/** The lines a student's page shows (GET /api/my-assignments/:asid's crisisLines). */
export type StudentCrisisLines = CrisisLines;

/**
 * The built-in lines for each language, when neither the school nor the installation set any: the
 * US lines (988 also answers in Spanish). findahelpline.com is added to every set as the way to find
 * a line elsewhere.
 */
export const defaultCrisisLines: Record<(typeof crisisLanguages)[number], CrisisLines> = {
  en: {
    country: 'US',
    emergency: '911',
    lines: [
      { name: 'Suicide & Crisis Lifeline', call: '988', sms: '988' },
      { name: 'Crisis Text Line', sms: '741741', smsWord: 'HOME' },
    ],
  },
  es: {
    country: 'US',
    emergency: '911',
    lines: [
      { name: 'Suicide & Crisis Lifeline (también en español)', call: '988', sms: '988' },
      { name: 'Crisis Text Line', sms: '741741', smsWord: 'HOME' },
    ],
  },
};

/** The site that lists help lines in every country, named after the lines of every set. */
export const HELPLINE_FINDER = 'findahelpline.com';

/** A country's name in a language ("United States", "Estados Unidos"), or its code when unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
