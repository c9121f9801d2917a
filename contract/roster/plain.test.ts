import { describe, expect, it } from 'vitest';
import { parseRosterCsv } from './plain';
import { canImport, ROSTER_IMPORT_MAX_ROWS, rosterImportPreview, tooManyRowsMessage } from './preview';

const codes = (text: string) => parseRosterCsv(text).errors.map((e) => [e.line, e.field, e.code]);

describe('parseRosterCsv', () => {
  it('reads email, name and class, lowercasing and trimming the address', () => {
    const preview = parseRosterCsv('email,name,class\n  Ann.Lee@School.ORG , Ann Lee , Period 3 Biology \n');
    expect(preview).toEqual({
      rows: [{ line: 2, email: 'ann.lee@school.org', name: 'Ann Lee', className: 'Period 3 Biology', period: null }],
      errors: [],
    });
  });

  it('matches header names without case, spaces or hyphens, in any order', () => {
    const preview = parseRosterCsv('Class , E-mail Address,Student Name\nBio,a@x.org,A\n');
    expect(preview.rows).toEqual([{ line: 2, email: 'a@x.org', name: 'A', className: 'Bio', period: null }]);
    expect(parseRosterCsv('EMAIL\nb@x.org').rows.map((r) => r.email)).toEqual(['b@x.org']);
    expect(parseRosterCsv('e_mail;Name\nc@x.org;C').rows.map((r) => r.email)).toEqual(['c@x.org']);
  });

  it('makes the name from first and last name columns when there is no name column', () => {
    expect(parseRosterCsv('email,first name,last name\na@x.org,Ann,Lee\nb@x.org,,Bo').rows.map((r) => r.name)).toEqual(['Ann Lee', 'Bo']);
  });

  it('reads an optional period column', () => {
    expect(parseRosterCsv('email,class,period\na@x.org,Bio,3').rows[0]).toMatchObject({ className: 'Bio', period: '3' });
  });

  it('leaves name and class null when the columns are missing or empty', () => {
    expect(parseRosterCsv('email\na@x.org').rows[0]).toMatchObject({ name: null, className: null, period: null });
    expect(parseRosterCsv('email,name,class\na@x.org,,').rows[0]).toMatchObject({ name: null, className: null });
  });

  it('reads a semicolon separated file with a BOM and CRLF line ends', () => {
    const preview = parseRosterCsv('\uFEFFemail;name;class\r\na@x.org;"Lee; Ann";Bio\r\nb@x.org;Bo;Bio\r\n');
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => [r.line, r.email, r.name])).toEqual([
      [2, 'a@x.org', 'Lee; Ann'],
      [3, 'b@x.org', 'Bo'],
    ]);
  });

  it('reads quoted fields holding commas, quotes and line breaks, and numbers rows by their first line', () => {
    const preview = parseRosterCsv('email,name,class\na@x.org,"Lee, ""Annie""",Bio\nb@x.org,"Bo\nBrown",Bio\nnot-an-address,C,Bio\n');
    expect(preview.rows.map((r) => r.name)).toEqual(['Lee, "Annie"', 'Bo\nBrown']);
    expect(preview.errors.map((e) => e.line)).toEqual([5]);
  });

  it('lists a row without an e-mail address', () => {
    expect(codes('email,name\n,Ann\n  ,Bo')).toEqual([
      [2, 'email', 'missing_email'],
      [3, 'email', 'missing_email'],
    ]);
  });

  it('lists a value that is not an e-mail address', () => {
    expect(codes('email\nann\nann@\n@x.org\nann lee@x.org\nann@x.org')).toEqual([
      [2, 'email', 'invalid_email'],
      [3, 'email', 'invalid_email'],
      [4, 'email', 'invalid_email'],
      [5, 'email', 'invalid_email'],
    ]);
  });

  it('lists a name or class name over 100 characters, and takes exactly 100', () => {
    const long = 'x'.repeat(101);
    const exact = 'y'.repeat(100);
    const preview = parseRosterCsv(`email,name,class\na@x.org,${long},Bio\nb@x.org,Bo,${long}\nc@x.org,${exact},${exact}`);
    expect(preview.errors.map((e) => [e.line, e.field, e.code])).toEqual([
      [2, 'name', 'name_too_long'],
      [3, 'class', 'class_too_long'],
    ]);
    expect(preview.rows.map((r) => r.line)).toEqual([4]);
  });

  it('lists every problem of one row at once', () => {
    expect(codes(`email,name,class\n,${'n'.repeat(101)},${'c'.repeat(101)}`)).toEqual([
      [2, 'email', 'missing_email'],
      [2, 'name', 'name_too_long'],
      [2, 'class', 'class_too_long'],
    ]);
  });

  it('lists text that cannot be stored', () => {
    expect(codes('email,name\na@x.org,"Ann\uD83D"')).toEqual([[2, 'name', 'unstorable_text']]);
  });

  it('lists a duplicate of an earlier line for the same class, whatever the case of the address', () => {
    const preview = parseRosterCsv('email,name,class\na@x.org,A,Bio\nb@x.org,B,Bio\nA@X.org,A again,bio\n');
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(preview.errors).toEqual([{ line: 4, field: 'email', code: 'duplicate', reason: expect.stringContaining('line 2') as unknown }]);
  });

  it('keeps one student in two classes', () => {
    const preview = parseRosterCsv('email,class\na@x.org,Bio\na@x.org,Chem');
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => r.className)).toEqual(['Bio', 'Chem']);
  });

  it('skips blank lines and rows of empty fields that spreadsheets leave', () => {
    const preview = parseRosterCsv('email,name,class\n\na@x.org,A,Bio\n,,\n  , \n');
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toHaveLength(1);
  });

  it(`refuses a file over ${ROSTER_IMPORT_MAX_ROWS} rows as a whole: no rows to import, one error with the count and how to split`, () => {
    const lines = Array.from({ length: ROSTER_IMPORT_MAX_ROWS + 1 }, (_, i) => `s${i}@x.org,S,Bio`);
    const preview = parseRosterCsv(`email,name,class\n${lines.join('\n')}\n,,\n`);
    expect(preview.rows).toEqual([]);
    expect(preview.errors.map((e) => [e.line, e.code])).toEqual([[ROSTER_IMPORT_MAX_ROWS + 2, 'too_many_rows']]);
    expect(preview.errors[0]!.reason).toBe(tooManyRowsMessage(ROSTER_IMPORT_MAX_ROWS + 1));
    expect(preview.errors[0]!.reason).toMatch(/at most 2,000 students, and this one has 2,001\. Nothing was added: split the file/);
    // Leaving out the bad rows cannot import part of it.
    expect(canImport(preview, true)).toBe(false);
    const exactly = parseRosterCsv(`email,name,class\n${lines.slice(1).join('\n')}`);
    expect([exactly.rows.length, exactly.errors]).toEqual([ROSTER_IMPORT_MAX_ROWS, []]);
    expect(canImport(exactly, false)).toBe(true);
  });

  it('refuses a file without an email column, naming the header line', () => {
    expect(codes('name,class\nAnn,Bio')).toEqual([[1, undefined, 'missing_column']]);
    expect(parseRosterCsv('name,class\nAnn,Bio').rows).toEqual([]);
  });

  it('refuses an empty file and a binary one', () => {
    expect(codes('')).toEqual([[null, undefined, 'not_csv']]);
    expect(codes('\uFEFF\n\n')).toEqual([[null, undefined, 'not_csv']]);
    expect(codes('PK\u0003\u0004\u0000')).toEqual([[null, undefined, 'not_csv']]);
  });

  it('keeps the rows before a quote that is never closed and says where it opened', () => {
    const preview = parseRosterCsv('email,name\na@x.org,A\nb@x.org,"Bo\nc@x.org,C\n');
    expect(preview.rows.map((r) => r.email)).toEqual(['a@x.org']);
    expect(preview.errors.map((e) => [e.line, e.code])).toEqual([[3, 'not_csv']]);
  });

  it('produces a preview that its own response schema accepts unchanged', () => {
    const preview = parseRosterCsv('email,name,class,period\na@x.org,A,Bio,3\n,B,Bio,\na@x.org,A,Bio,3\nb@x.org,"Bo\uD83D",,');
    expect(preview.errors.map((e) => e.code)).toEqual(['missing_email', 'duplicate', 'unstorable_text']);
    expect(rosterImportPreview.parse(preview)).toEqual(preview);
  });
});
