import { describe, expect, it } from 'vitest';
import { parseOneRoster, type OneRosterFiles } from './oneroster';
import { canImport, classesToCreate, ROSTER_IMPORT_MAX_ROWS, tooManyRowsMessage } from './preview';

const USERS_HEADER =
  'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
const user = (id: string, role: string, given: string, family: string, email: string, status = 'active') =>
  `${id},${status},2024-08-01,true,org1,${role},${email},,${given},${family},,,${email},,,,,`;
const CLASSES_HEADER =
  'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods';
const klass = (id: string, title: string, periods = '', status = 'active', code = '') =>
  `${id},${status},2024-08-01,${title},09,c1,${code},scheduled,,org1,t1,,,${periods}`;
const ENROLLMENTS_HEADER = 'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate';
const enrol = (id: string, classId: string, userId: string, role: string, status = 'active') =>
  `${id},${status},2024-08-01,${classId},org1,${userId},${role},false,,`;

const file = (header: string, lines: string[]) => [header, ...lines].join('\r\n') + '\r\n';

/** A district export: Ms T teaches c1 and c2, Mr O teaches c3; students s1..s4. */
function district(overrides: Partial<{ users: string[]; classes: string[]; enrollments: string[] }> = {}): OneRosterFiles {
  return {
    users: file(
      USERS_HEADER,
      overrides.users ?? [
        user('t1', 'teacher', 'Tess', 'Teacher', 'tess@school.org'),
        user('t2', 'teacher', 'Otto', 'Other', 'otto@school.org'),
        user('s1', 'student', 'Ann', 'Lee', 'Ann.Lee@school.org'),
        user('s2', 'student', 'Bo', 'Brown', 'bo@school.org'),
        user('s3', 'student', 'Cy', 'Chen', 'cy@school.org'),
        user('s4', 'student', 'Di', 'Diaz', 'di@school.org'),
      ],
    ),
    classes: file(
      CLASSES_HEADER,
      overrides.classes ?? [klass('c1', 'Biology', '3'), klass('c2', 'Chemistry'), klass('c3', 'History', '1')],
    ),
    enrollments: file(
      ENROLLMENTS_HEADER,
      overrides.enrollments ?? [
        enrol('e1', 'c1', 't1', 'teacher'),
        enrol('e2', 'c2', 't1', 'teacher'),
        enrol('e3', 'c3', 't2', 'teacher'),
        enrol('e4', 'c1', 's1', 'student'),
        enrol('e5', 'c1', 's2', 'student'),
        enrol('e6', 'c2', 's1', 'student'),
        enrol('e7', 'c3', 's3', 'student'),
        enrol('e8', 'c3', 's4', 'student'),
      ],
    ),
  };
}

const summary = (files: OneRosterFiles, email = 'tess@school.org') => {
  const preview = parseOneRoster(files, email);
  return {
    rows: preview.rows.map((r) => [r.line, r.email, r.name, r.className, r.period]),
    errors: preview.errors.map((e) => [e.file, e.line, e.code]),
  };
};

describe('parseOneRoster', () => {
  it("reads only the teacher's own sections, with each section's students", () => {
    expect(summary(district())).toEqual({
      rows: [
        [5, 'ann.lee@school.org', 'Ann Lee', 'Biology', '3'],
        [6, 'bo@school.org', 'Bo Brown', 'Biology', '3'],
        [7, 'ann.lee@school.org', 'Ann Lee', 'Chemistry', null],
      ],
      errors: [],
    });
  });

  it("gives another teacher their sections and nothing of the first teacher's", () => {
    expect(summary(district(), 'OTTO@school.org ').rows).toEqual([
      [8, 'cy@school.org', 'Cy Chen', 'History', '1'],
      [9, 'di@school.org', 'Di Diaz', 'History', '1'],
    ]);
  });

  it('finds the teacher by username when the email column is empty', () => {
    const files = district();
    files.users = file(USERS_HEADER, [
      't1,active,2024-08-01,true,org1,teacher,tess@school.org,,Tess,Teacher,,,,,,,,',
      user('s1', 'student', 'Ann', 'Lee', 'ann@school.org'),
      user('s2', 'student', 'Bo', 'Brown', 'bo@school.org'),
    ]);
    expect(summary(files).rows.map((r) => r[1])).toEqual(['ann@school.org', 'bo@school.org', 'ann@school.org']);
  });

  it('says so when no teacher in users.csv has the address, and adds nobody', () => {
    expect(summary(district(), 'nobody@school.org')).toEqual({ rows: [], errors: [['users.csv', null, 'teacher_not_found']] });
  });

  it('does not take a student row with the address as the teacher', () => {
    expect(summary(district(), 'bo@school.org').errors).toEqual([['users.csv', null, 'teacher_not_found']]);
  });

  it('says so when the teacher teaches no section', () => {
    const files = district({ enrollments: [enrol('e4', 'c1', 's1', 'student')] });
    expect(summary(files)).toEqual({ rows: [], errors: [['enrollments.csv', null, 'no_sections']] });
  });

  it('lists a student without an e-mail address once, at their users.csv line, even when in two sections', () => {
    const files = district({
      users: [
        user('t1', 'teacher', 'Tess', 'Teacher', 'tess@school.org'),
        user('s1', 'student', 'Ann', 'Lee', ''),
        user('s2', 'student', 'Bo', 'Brown', 'bo@school.org'),
      ],
    });
    expect(summary(files)).toEqual({
      rows: [[6, 'bo@school.org', 'Bo Brown', 'Biology', '3']],
      errors: [['users.csv', 3, 'missing_email']],
    });
  });

  it('lists an enrollment of a user missing from users.csv', () => {
    const files = district({
      enrollments: [enrol('e1', 'c1', 't1', 'teacher'), enrol('e2', 'c1', 'ghost', 'student'), enrol('e3', 'c1', 's2', 'student')],
    });
    expect(summary(files)).toEqual({
      rows: [[4, 'bo@school.org', 'Bo Brown', 'Biology', '3']],
      errors: [['enrollments.csv', 3, 'unknown_user']],
    });
  });

  it('skips, and lists, enrollments, students and classes marked to be deleted', () => {
    const files = district({
      users: [
        user('t1', 'teacher', 'Tess', 'Teacher', 'tess@school.org'),
        user('s1', 'student', 'Ann', 'Lee', 'ann@school.org', 'tobedeleted'),
        user('s2', 'student', 'Bo', 'Brown', 'bo@school.org'),
        user('s3', 'student', 'Cy', 'Chen', 'cy@school.org'),
      ],
      classes: [klass('c1', 'Biology'), klass('c2', 'Chemistry', '', 'tobedeleted')],
      enrollments: [
        enrol('e1', 'c1', 't1', 'teacher'),
        enrol('e2', 'c2', 't1', 'teacher'),
        enrol('e3', 'c1', 's1', 'student'),
        enrol('e4', 'c1', 's2', 'student', 'tobedeleted'),
        enrol('e5', 'c1', 's3', 'student'),
        enrol('e6', 'c2', 's3', 'student'),
      ],
    });
    expect(summary(files)).toEqual({
      rows: [[6, 'cy@school.org', 'Cy Chen', 'Biology', null]],
      errors: [
        ['classes.csv', 3, 'to_be_deleted'],
        ['users.csv', 3, 'to_be_deleted'],
        ['enrollments.csv', 5, 'to_be_deleted'],
      ],
    });
  });

  it("ignores problems in other teachers' sections", () => {
    const files = district({
      enrollments: [
        enrol('e1', 'c1', 't1', 'teacher'),
        enrol('e2', 'c1', 's2', 'student'),
        enrol('e3', 'c3', 't2', 'teacher'),
        enrol('e4', 'c3', 'ghost', 'student'),
        enrol('e5', 'c9', 's1', 'student'),
      ],
    });
    expect(summary(files).errors).toEqual([]);
  });

  it('lists a teacher section missing from classes.csv', () => {
    const files = district({
      enrollments: [
        enrol('e1', 'c1', 't1', 'teacher'),
        enrol('e2', 'c7', 't1', 'teacher'),
        enrol('e3', 'c1', 's2', 'student'),
        enrol('e4', 'c7', 's1', 'student'),
      ],
    });
    expect(summary(files)).toEqual({
      rows: [[4, 'bo@school.org', 'Bo Brown', 'Biology', '3']],
      errors: [['enrollments.csv', 3, 'unknown_class']],
    });
  });

  it('lists a user enrolled as a student whose users.csv role is not student', () => {
    const files = district({ enrollments: [enrol('e1', 'c1', 't1', 'teacher'), enrol('e2', 'c1', 't2', 'student')] });
    expect(summary(files).errors).toEqual([['users.csv', 3, 'not_a_student']]);
  });

  it('lists a student enrolled twice in one section as a duplicate of the first line', () => {
    const files = district({
      enrollments: [enrol('e1', 'c1', 't1', 'teacher'), enrol('e2', 'c1', 's2', 'student'), enrol('e3', 'c1', 's2', 'student')],
    });
    const preview = parseOneRoster(files, 'tess@school.org');
    expect(preview.rows.map((r) => r.line)).toEqual([3]);
    expect(preview.errors).toMatchObject([{ file: 'enrollments.csv', line: 4, code: 'duplicate' }]);
    expect(preview.errors[0]?.reason).toContain('line 3');
  });

  it('names two same-titled sections apart by class code', () => {
    const files = district({
      classes: [klass('c1', 'Biology', '', 'active', 'BIO-A'), klass('c2', 'Biology', '', 'active', 'BIO-B')],
      enrollments: [
        enrol('e1', 'c1', 't1', 'teacher'),
        enrol('e2', 'c2', 't1', 'teacher'),
        enrol('e3', 'c1', 's1', 'student'),
        enrol('e4', 'c2', 's2', 'student'),
      ],
    });
    expect(summary(files).rows.map((r) => r[3])).toEqual(['Biology', 'Biology (BIO-B)']);
  });

  it('lists a class title over 100 characters once, at its classes.csv line', () => {
    const files = district({ classes: [klass('c1', 'B'.repeat(101)), klass('c2', 'Chemistry')] });
    expect(summary(files)).toEqual({
      rows: [[7, 'ann.lee@school.org', 'Ann Lee', 'Chemistry', null]],
      errors: [['classes.csv', 2, 'class_too_long']],
    });
  });

  it('reads quoted values, a BOM and header names in another case', () => {
    const files = district();
    files.users =
      '\uFEFF' +
      file('SOURCEDID,Role,EMAIL,GivenName,FamilyName', [
        't1,teacher,tess@school.org,Tess,T',
        's1,student,ann@school.org,"Ann, Jr.","Lee ""AL"""',
      ]);
    expect(summary(files).rows.map((r) => r[2])).toEqual(['Ann, Jr. Lee "AL"', 'Ann, Jr. Lee "AL"']);
  });

  it('refuses a file without its required columns, naming the file', () => {
    const files = district();
    files.enrollments = file('sourcedId,classSourcedId,role', ['e1,c1,teacher']);
    const preview = parseOneRoster(files, 'tess@school.org');
    expect(preview.rows).toEqual([]);
    expect(preview.errors).toMatchObject([{ file: 'enrollments.csv', line: 1, code: 'missing_column' }]);
    expect(preview.errors[0]?.reason).toContain('userSourcedId');
  });

  it('refuses an empty file, naming it', () => {
    expect(summary({ ...district(), classes: '' }).errors).toEqual([['classes.csv', null, 'not_csv']]);
  });

  it(`refuses an export with more than ${ROSTER_IMPORT_MAX_ROWS} students of the teacher as a whole, saying how many`, () => {
    const n = ROSTER_IMPORT_MAX_ROWS + 1;
    const ids = Array.from({ length: n }, (_, i) => i);
    const preview = parseOneRoster(
      district({
        users: [
          user('t1', 'teacher', 'Tess', 'Teacher', 'tess@school.org'),
          ...ids.map((i) => user(`s${i}`, 'student', 'S', `${i}`, `s${i}@school.org`)),
        ],
        enrollments: [enrol('e0', 'c1', 't1', 'teacher'), ...ids.map((i) => enrol(`e${i + 1}`, 'c1', `s${i}`, 'student'))],
      }),
      'tess@school.org',
    );
    expect(preview.rows).toEqual([]);
    expect(preview.errors).toEqual([{ file: 'enrollments.csv', line: n + 2, code: 'too_many_rows', reason: tooManyRowsMessage(n) }]);
    expect(canImport(preview, true)).toBe(false);
  });
});

describe('classesToCreate', () => {
  it('names each class the rows name that the teacher does not have (name and period, case ignored), once', () => {
    const rows = [
      { className: 'Biology', period: '3' },
      { className: 'BIOLOGY', period: '3' },
      { className: 'Biology', period: '4' },
      { className: 'Chemistry', period: null },
      { className: null, period: null },
      { className: 'chemistry', period: null },
    ];
    expect(classesToCreate(rows, [{ name: 'biology', section: '3' }])).toEqual([
      { className: 'Biology', period: '4' },
      { className: 'Chemistry', period: null },
    ]);
  });
});
