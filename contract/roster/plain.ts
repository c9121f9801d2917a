import { parseCsv } from './csv';
import {
  ROSTER_IMPORT_MAX_ROWS,
  tooManyRowsError,
  validateStudent,
  type RosterImportError,
  type RosterImportPreview,
  type RosterImportRow,
} from './preview';

type Column = 'email' | 'name' | 'firstName' | 'lastName' | 'className' | 'period';

/** Header names of the e-mail column (normalized): also how a pasted list's header row is told apart. */
export const EMAIL_HEADERS = ['email', 'emailaddress', 'mail', 'studentemail', 'studentemailaddress'] as const;

/**
 * Header names each column is known by, compared without case, spaces, hyphens, underscores and
 * dots ("E-mail", "Email Address", "student_email" all read as the e-mail column).
 */
const HEADER_NAMES: Record<Column, readonly string[]> = {
  email: EMAIL_HEADERS,
  name: ['name', 'fullname', 'studentname', 'displayname'],
  firstName: ['firstname', 'givenname'],
  lastName: ['lastname', 'familyname', 'surname'],
  className: ['class', 'classname', 'section', 'group'],
  period: ['period', 'classperiod'],
};

/** The header's key for matching: lower case, without spaces, hyphens, underscores or dots. */
export const normalizeHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '');

/** Which field index each known column is at (the first one when a header repeats). */
function mapColumns(header: readonly string[]): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const key = normalizeHeader(name);
    for (const column of Object.keys(HEADER_NAMES) as Column[]) {
      if (columns[column] === undefined && HEADER_NAMES[column].includes(key)) columns[column] = index;
    }
  });
  return columns;
}

/**
 * Reads a class list (columns email, name, class; optional period, or first and last name instead
 * of name) into a preview: the students it would add and every row it would not, with the line
 * and why. Comma, semicolon or tab separated, per RFC 4180. Writes nothing.
 */
export function parseRosterCsv(text: string): RosterImportPreview {
  const parsed = parseCsv(text);
  const errors: RosterImportError[] = [];
  const rows: RosterImportRow[] = [];
  const [header, ...records] = parsed.records;

  if (!header) return { rows, errors: [{ line: null, code: 'not_csv', reason: parsed.error?.reason ?? 'The file is empty.' }] };

  const columns = mapColumns(header.fields);
  if (columns.email === undefined) {
    return {
      rows,
      errors: [
        {
          line: header.line,
          code: 'missing_column',
          reason: 'The first row must name the columns, with one called "email" (and "name", "class").',
        },
      ],
    };
  }

  const seen = new Map<string, number>();
  const value = (fields: readonly string[], column: Column) => {
    const index = columns[column];
    return index === undefined ? '' : (fields[index] ?? '');
  };
  let count = 0;
  for (const record of records) {
    // Rows with no value at all are the blank lines spreadsheets leave at the end (",,").
    if (record.fields.every((field) => field.trim() === '')) continue;
    if (++count > ROSTER_IMPORT_MAX_ROWS) {
      // The whole file is refused, never imported in part: no rows, one error saying how many there are.
      const total = count - 1 + records.filter((r) => r.line >= record.line && r.fields.some((f) => f.trim() !== '')).length;
      return { rows: [], errors: [tooManyRowsError(record.line, undefined, total)] };
    }
    const name =
      columns.name !== undefined
        ? value(record.fields, 'name')
        : [value(record.fields, 'firstName').trim(), value(record.fields, 'lastName').trim()].filter(Boolean).join(' ');
    const result = validateStudent(
      { email: value(record.fields, 'email'), name, className: value(record.fields, 'className'), period: value(record.fields, 'period') },
      record.line,
    );
    if (result.errors) {
      errors.push(...result.errors);
      continue;
    }
    const row = result.row;
    const key = `${row.email}\u0000${(row.className ?? '').toLowerCase()}\u0000${(row.period ?? '').toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        line: row.line,
        field: 'email',
        code: 'duplicate',
        reason: `This student is already on line ${first} for the same class.`,
      });
      continue;
    }
    seen.set(key, row.line);
    rows.push(row);
  }
  if (parsed.error) errors.push({ line: parsed.error.line, code: 'not_csv', reason: parsed.error.reason });
  return { rows, errors };
}
