import { parseCsv, type CsvRecord } from './csv';
import { normalizeHeader } from './plain';
import {
  ROSTER_IMPORT_MAX_ROWS,
  tooManyRowsError,
  validateStudent,
  type RosterImportError,
  type RosterImportFile,
  type RosterImportPreview,
  type RosterImportRow,
} from './preview';

/** The three OneRoster 1.1 CSV files a school information system exports, as text. */
export interface OneRosterFiles {
  users: string;
  classes: string;
  enrollments: string;
}

// The OneRoster 1.1 CSV columns read here; the others (dateLastModified, orgSourcedIds, grades...) are ignored.
const REQUIRED = {
  'users.csv': ['sourcedId', 'role', 'email'],
  'classes.csv': ['sourcedId', 'title'],
  'enrollments.csv': ['classSourcedId', 'userSourcedId', 'role'],
} as const satisfies Record<RosterImportFile, readonly string[]>;

interface Table {
  file: RosterImportFile;
  records: CsvRecord[];
  get: (record: CsvRecord, column: string) => string;
}

/** Reads one file and checks its required columns (header names compared without case). */
function readTable(file: RosterImportFile, text: string, errors: RosterImportError[]): Table | undefined {
  const parsed = parseCsv(text);
  const [header, ...records] = parsed.records;
  if (parsed.error) errors.push({ file, line: parsed.error.line, code: 'not_csv', reason: parsed.error.reason });
  if (!header) {
    if (!parsed.error) errors.push({ file, line: null, code: 'not_csv', reason: 'The file is empty.' });
    return undefined;
  }
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = normalizeHeader(name);
    if (!index.has(key)) index.set(key, i);
  });
  const missing = REQUIRED[file].filter((column) => !index.has(normalizeHeader(column)));
  if (missing.length > 0) {
    errors.push({
      file,
      line: header.line,
      code: 'missing_column',
      reason: `The first row has no ${missing.join(', ')} column; is this the OneRoster ${file}?`,
    });
    return undefined;
  }
  return {
    file,
    records,
    get: (record, column) => {
      const i = index.get(normalizeHeader(column));
      return i === undefined ? '' : (record.fields[i] ?? '').trim();
    },
  };
}

const isDeleted = (status: string) => status.toLowerCase() === 'tobedeleted';
const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Reads a OneRoster 1.1 CSV export for one teacher: only the sections where the teacher (the
 * users.csv teacher whose email or username is `teacherEmail`) has a teacher enrollment, each
 * with its enrolled students, as a preview (row `line` is the student's enrollments.csv line).
 * Other teachers' sections are left out without a word; problems are reported only for rows that
 * touch the teacher's sections. Writes nothing.
 */
export function parseOneRoster(files: OneRosterFiles, teacherEmail: string): RosterImportPreview {
  const errors: RosterImportError[] = [];
  const rows: RosterImportRow[] = [];
  const users = readTable('users.csv', files.users, errors);
  const classes = readTable('classes.csv', files.classes, errors);
  const enrollments = readTable('enrollments.csv', files.enrollments, errors);
  if (!users || !classes || !enrollments) return { rows, errors };

  const userById = new Map<string, CsvRecord>();
  for (const user of users.records) {
    const id = users.get(user, 'sourcedId');
    if (id && !userById.has(id)) userById.set(id, user);
  }

  // The same person may have a row per school; every active teacher row with the address is theirs.
  const address = teacherEmail.trim().toLowerCase();
  const teacherIds = new Set<string>();
  for (const user of users.records) {
    if (!sameText(users.get(user, 'role'), 'teacher') || isDeleted(users.get(user, 'status'))) continue;
    if (sameText(users.get(user, 'email'), address) || sameText(users.get(user, 'username'), address))
      teacherIds.add(users.get(user, 'sourcedId'));
  }
  if (teacherIds.size === 0) {
    errors.push({
      file: 'users.csv',
      line: null,
      code: 'teacher_not_found',
      reason: `No teacher in users.csv has your address (${address}). Ask your school for an export that includes you.`,
    });
    return { rows, errors };
  }

  const classById = new Map<string, CsvRecord>();
  for (const record of classes.records) {
    const id = classes.get(record, 'sourcedId');
    if (id && !classById.has(id)) classById.set(id, record);
  }

  // The teacher's sections, in the order enrollments.csv lists them, each named once.
  const sections = new Map<string, { className: string; period: string }>();
  const reportedClasses = new Set<string>();
  for (const enrollment of enrollments.records) {
    if (!sameText(enrollments.get(enrollment, 'role'), 'teacher') || !teacherIds.has(enrollments.get(enrollment, 'userSourcedId')))
      continue;
    if (isDeleted(enrollments.get(enrollment, 'status'))) continue;
    const classId = enrollments.get(enrollment, 'classSourcedId');
    if (sections.has(classId) || reportedClasses.has(classId)) continue;
    const section = classById.get(classId);
    if (!section) {
      reportedClasses.add(classId);
      errors.push({
        file: 'enrollments.csv',
        line: enrollment.line,
        code: 'unknown_class',
        reason: `Class ${classId} is not in classes.csv.`,
      });
      continue;
    }
    if (isDeleted(classes.get(section, 'status'))) {
      reportedClasses.add(classId);
      errors.push({
        file: 'classes.csv',
        line: section.line,
        code: 'to_be_deleted',
        reason: 'This class is marked to be deleted; it was skipped.',
      });
      continue;
    }
    sections.set(classId, {
      className: classes.get(section, 'title') || classes.get(section, 'classCode'),
      period: classes.get(section, 'periods'),
    });
  }
  if (sections.size === 0 && reportedClasses.size === 0) {
    errors.push({
      file: 'enrollments.csv',
      line: null,
      code: 'no_sections',
      reason: 'enrollments.csv enrolls you as the teacher of no class.',
    });
    return { rows, errors };
  }
  disambiguateNames(sections, classes, classById);

  const seen = new Map<string, number>();
  const reportedUsers = new Set<string>();
  const userError = (user: CsvRecord, error: Omit<RosterImportError, 'file' | 'line'>) => {
    if (reportedUsers.has(users.get(user, 'sourcedId'))) return;
    reportedUsers.add(users.get(user, 'sourcedId'));
    errors.push({ file: 'users.csv', line: user.line, ...error });
  };
  for (const enrollment of enrollments.records) {
    const section = sections.get(enrollments.get(enrollment, 'classSourcedId'));
    if (!section || !sameText(enrollments.get(enrollment, 'role'), 'student')) continue;
    const at = { file: 'enrollments.csv' as const, line: enrollment.line };
    if (isDeleted(enrollments.get(enrollment, 'status'))) {
      errors.push({ ...at, code: 'to_be_deleted', reason: 'This enrollment is marked to be deleted; it was skipped.' });
      continue;
    }
    const userId = enrollments.get(enrollment, 'userSourcedId');
    const user = userById.get(userId);
    if (!user) {
      errors.push({ ...at, code: 'unknown_user', reason: `User ${userId} is not in users.csv.` });
      continue;
    }
    if (isDeleted(users.get(user, 'status'))) {
      userError(user, { code: 'to_be_deleted', reason: 'This student is marked to be deleted; they were skipped.' });
      continue;
    }
    if (!sameText(users.get(user, 'role'), 'student')) {
      userError(user, {
        code: 'not_a_student',
        reason: `Enrolled as a student but listed in users.csv as ${users.get(user, 'role') || 'no role'}; skipped.`,
      });
      continue;
    }
    if (rows.length >= ROSTER_IMPORT_MAX_ROWS) {
      // The whole export is refused, never imported in part: no rows, one error saying how many there are.
      const more = enrollments.records.filter(
        (e) =>
          e.line >= enrollment.line &&
          sections.has(enrollments.get(e, 'classSourcedId')) &&
          sameText(enrollments.get(e, 'role'), 'student') &&
          !isDeleted(enrollments.get(e, 'status')),
      ).length;
      return { rows: [], errors: [tooManyRowsError(enrollment.line, 'enrollments.csv', rows.length + more)] };
    }
    const name = [users.get(user, 'givenName'), users.get(user, 'familyName')].filter(Boolean).join(' ');
    const result = validateStudent(
      { email: users.get(user, 'email'), name, className: section.className, period: section.period },
      enrollment.line,
    );
    if (result.errors) {
      // A student's own problems (no address, a name too long) belong to their users.csv line; a class's to classes.csv.
      for (const error of result.errors) {
        if (error.field === 'class' || error.field === 'period') {
          const classId = enrollments.get(enrollment, 'classSourcedId');
          if (!reportedClasses.has(classId)) errors.push({ ...error, file: 'classes.csv', line: classById.get(classId)?.line ?? null });
          reportedClasses.add(classId);
        } else userError(user, { field: error.field, code: error.code, reason: error.reason });
      }
      continue;
    }
    const key = `${result.row.email}\u0000${enrollments.get(enrollment, 'classSourcedId')}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ ...at, code: 'duplicate', reason: `This student is already enrolled in this class on line ${first}.` });
      continue;
    }
    seen.set(key, enrollment.line);
    rows.push(result.row);
  }
  return { rows, errors };
}

/**
 * Two of the teacher's sections with the same title and period would merge into one class; the
 * later ones gain their class code (or id) in the name.
 */
function disambiguateNames(
  sections: Map<string, { className: string; period: string }>,
  classes: Table,
  classById: Map<string, CsvRecord>,
) {
  const taken = new Set<string>();
  for (const [id, section] of sections) {
    const key = `${section.className.toLowerCase()}\u0000${section.period.toLowerCase()}`;
    if (taken.has(key)) {
      const record = classById.get(id);
      const code = (record && classes.get(record, 'classCode')) || id;
      section.className = `${section.className} (${code})`;
    }
    taken.add(`${section.className.toLowerCase()}\u0000${section.period.toLowerCase()}`);
  }
}
