import { parseCsv, type CsvDelimiter } from './csv';
import { EMAIL_HEADERS, normalizeHeader } from './plain';
import { NOT_AN_EMAIL, storedEmail } from '../common';
import { rosterStudentName, STUDENT_NAME_MAX } from './preview';

/**
 * My Students' "Paste a list": the reader both the web app (its live preview) and the server (the
 * paste endpoint) use, so the two cannot disagree. Nothing here writes.
 *
 * One student a line, in any of these shapes:
 *   Maria Lopez <maria.lopez@x.edu>      "Lopez, Maria" <maria.lopez@x.edu>      <maria.lopez@x.edu>
 *   maria.lopez@x.edu                    (a bare address: the name comes from the address)
 *   maria.lopez@x.edu, Maria Lopez       Maria Lopez, maria.lopez@x.edu         (comma or semicolon)
 *   Maria<TAB>Lopez<TAB>maria.lopez@x.edu (cells copied from a spreadsheet, in any column order)
 *   Maria Lopez maria.lopez@x.edu        (spaces only)
 * A line copied from a mail program's recipients ("a <a@x>; b <b@x>" or "a@x, b@x") is one
 * student per address. Blank lines, and a first line of column names ("Email, Name"), are skipped.
 * Every other line is a student or a bad line with why; a bad line never holds back the good ones.
 */

/** The most students one paste adds (the rest of the lines are reported, to be pasted again). */
export const PASTE_MAX_STUDENTS = 500;
/** The longest paste accepted: far more than 500 lines of addresses and names. */
export const PASTE_MAX_CHARS = 200_000;

export interface PastedStudent {
  line: number;
  email: string;
  /** The name as written, or null when the line gives none (see nameFromAddress). */
  name: string | null;
}

/** A pasted line that cannot be added, with why in the teacher's words. */
export interface BadPasteLine {
  line: number;
  text: string;
  reason: string;
}

export interface PasteResult {
  students: PastedStudent[];
  bad: BadPasteLine[];
}

export const PASTE_REASONS = {
  noAddress: 'There is no e-mail address on this line. Write “name <e-mail>”, “e-mail, name” or just the e-mail.',
  oneALine: 'Put each student on a line of their own: this line has more than one e-mail address.',
  notAnAddress: NOT_AN_EMAIL,
  repeated: 'This e-mail address is on an earlier line too.',
  tooMany: `One paste adds at most ${PASTE_MAX_STUDENTS} students: add this line after the others.`,
} as const;

/**
 * The name a student is shown by when none was given: the address's part before the @, without a
 * "+tag", cut at dots, underscores and hyphens, each word capitalised ("maria.lopez@x.edu" gives
 * "Maria Lopez", "jsmith27@x.edu" gives "Jsmith27"). It stands until the student signs in; their
 * account's name then replaces it (a roster name equal to this one counts as "no name given").
 */
export function nameFromAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const untagged = local.split('+')[0] || local;
  const words = untagged
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return (words.join(' ') || local || email).slice(0, STUDENT_NAME_MAX);
}

const angle = /^(.*?)<([^<>]*)>[\s,;]*$/;
const unquote = (v: string) =>
  v
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
const ats = (v: string) => v.split('@').length - 1;

type Entry = { email: string; name: string } | { reason: string };

/** Reads one student (the text holds exactly one "@"). */
function readEntry(text: string): Entry {
  const bracket = angle.exec(text);
  if (bracket) return { email: bracket[2]!.trim(), name: unquote(bracket[1]!.replace(/[,;]\s*$/, '')) };
  const delimiter: CsvDelimiter | null = text.includes('\t') ? '\t' : text.includes(';') ? ';' : text.includes(',') ? ',' : null;
  const fields = (delimiter ? (parseCsv(text, delimiter).records[0]?.fields ?? [text]) : [text]).map((f) => f.trim()).filter(Boolean);
  const at = fields.findIndex((f) => f.includes('@'));
  // The address's own field may carry words too ("Maria Lopez maria@x.edu"): the @ word is the address.
  const words = fields[at]!.split(/\s+/);
  const email = words.find((w) => w.includes('@'))!;
  const around = words.filter((w) => w !== email).join(' ');
  const others = fields.filter((_, i) => i !== at);
  const parts = at === 0 ? [around, ...others] : [...others.slice(0, at), around, ...others.slice(at)];
  const name = parts.filter(Boolean).join(delimiter === ',' || delimiter === ';' ? ', ' : ' ');
  return { email: email.replace(/^mailto:/i, ''), name };
}

/** The entries of one line: one, or one per address of a copied recipients line. */
function readLine(text: string): Entry[] {
  const count = ats(text);
  if (count === 0) return [{ reason: PASTE_REASONS.noAddress }];
  if (count === 1) return [readEntry(text)];
  for (const separator of [';', ',', '\t', /\s+/] as const) {
    const pieces = text
      .split(separator)
      .map((p) => p.trim())
      .filter(Boolean);
    if (pieces.length === count && pieces.every((p) => ats(p) === 1)) return pieces.map(readEntry);
  }
  // One word with two @ is a mistyped address, not two students.
  return [{ reason: /[\s,;]/.test(text) ? PASTE_REASONS.oneALine : PASTE_REASONS.notAnAddress }];
}

/** A first line of column names ("Email<TAB>Name"): a spreadsheet's header row, not a student. */
const isHeader = (text: string) =>
  ats(text) === 0 && text.split(/[\t,;]/).some((field) => (EMAIL_HEADERS as readonly string[]).includes(normalizeHeader(field)));

/** Reads pasted students, one a line (see above): each line a student or a bad line with why. */
export function parsePastedStudents(text: string): PasteResult {
  const students: PastedStudent[] = [];
  const bad: BadPasteLine[] = [];
  const seen = new Set<string>();
  let first = true;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    const wasFirst = first;
    first = false;
    if (wasFirst && isHeader(trimmed)) return;
    for (const entry of readLine(trimmed)) {
      const fail = (reason: string) => bad.push({ line, text: trimmed, reason });
      if ('reason' in entry) {
        fail(entry.reason);
        continue;
      }
      const email = storedEmail.safeParse(entry.email);
      if (!email.success) {
        fail(email.error.issues[0]?.message ?? NOT_AN_EMAIL);
        continue;
      }
      const name = rosterStudentName.safeParse(entry.name);
      if (!name.success) {
        fail(name.error.issues[0]?.message ?? 'This name cannot be stored.');
        continue;
      }
      if (seen.has(email.data)) {
        fail(PASTE_REASONS.repeated);
        continue;
      }
      if (students.length >= PASTE_MAX_STUDENTS) {
        fail(PASTE_REASONS.tooMany);
        continue;
      }
      seen.add(email.data);
      students.push({ line, email: email.data, name: name.data || null });
    }
  });
  return { students, bad };
}
