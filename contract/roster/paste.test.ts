import { describe, expect, it } from 'vitest';
import { nameFromAddress, parsePastedStudents, PASTE_MAX_STUDENTS, PASTE_REASONS } from './paste';

const read = (text: string) => parsePastedStudents(text);
const pairs = (text: string) => read(text).students.map((s) => [s.email, s.name]);

describe('parsePastedStudents: the line shapes a teacher pastes', () => {
  it('reads "Name <address>", with or without quotes, and "<address>" alone', () => {
    expect(pairs('Ben Okafor <Ben@School.test>\n"Lopez, Maria" <maria.lopez@school.test>\n<dee@school.test>')).toEqual([
      ['ben@school.test', 'Ben Okafor'],
      ['maria.lopez@school.test', 'Lopez, Maria'],
      ['dee@school.test', null],
    ]);
  });

  it('reads a bare address, with no name (the name comes from the address later)', () => {
    expect(read('  Maria.Lopez@x.edu  ').students).toEqual([{ line: 1, email: 'maria.lopez@x.edu', name: null }]);
  });

  it('reads "address, name" and "name, address" with commas or semicolons', () => {
    expect(pairs('ana@school.test, Ana Ruiz\nBen Okafor, ben@school.test\ncy@school.test; Cy Lee\ncat@school.test, Lopez, Cat')).toEqual([
      ['ana@school.test', 'Ana Ruiz'],
      ['ben@school.test', 'Ben Okafor'],
      ['cy@school.test', 'Cy Lee'],
      ['cat@school.test', 'Lopez, Cat'],
    ]);
  });

  it('reads cells copied from a spreadsheet (tabs), in any column order, and a quoted cell', () => {
    expect(
      pairs('Maria\tLopez\tmaria@school.test\nben@school.test\tBen\tOkafor\n"Ruiz, Ana"\tana@school.test\nlee@school.test\t\t'),
    ).toEqual([
      ['maria@school.test', 'Maria Lopez'],
      ['ben@school.test', 'Ben Okafor'],
      ['ana@school.test', 'Ruiz, Ana'],
      ['lee@school.test', null],
    ]);
  });

  it('reads a name and an address separated by spaces only', () => {
    expect(pairs('Maria Lopez maria@school.test\nben@school.test Ben Okafor')).toEqual([
      ['maria@school.test', 'Maria Lopez'],
      ['ben@school.test', 'Ben Okafor'],
    ]);
  });

  it('reads a line of recipients copied from a mail program as one student per address', () => {
    expect(
      pairs(
        'Maria Lopez <maria@school.test>, Ben <ben@school.test>\n"Ruiz, Ana" <ana@school.test>; cy@school.test\nd@school.test e@school.test',
      ),
    ).toEqual([
      ['maria@school.test', 'Maria Lopez'],
      ['ben@school.test', 'Ben'],
      ['ana@school.test', 'Ruiz, Ana'],
      ['cy@school.test', null],
      ['d@school.test', null],
      ['e@school.test', null],
    ]);
  });

  it('skips blank lines (CRLF and CR too) and a first line of column names, keeping line numbers', () => {
    const result = read('Email\tName\r\n\r\nana@school.test\tAna\r\r   \nben@school.test');
    expect(result.bad).toEqual([]);
    expect(result.students).toEqual([
      { line: 3, email: 'ana@school.test', name: 'Ana' },
      { line: 6, email: 'ben@school.test', name: null },
    ]);
  });
});

describe('parsePastedStudents: bad lines', () => {
  it('keeps every good line and names every bad one with its number, its text and why', () => {
    const result = read(
      [
        'ana@school.test, Ana',
        'not-an-address, Bo',
        'just a name',
        'x@school.test, Ann, y@school.test, Ben',
        'ana@school.test, Ana again',
        `long@school.test, ${'n'.repeat(101)}`,
        'bare@school.test',
        'Email, Name',
      ].join('\n'),
    );
    expect(result.students.map((s) => s.email)).toEqual(['ana@school.test', 'bare@school.test']);
    expect(result.bad).toEqual([
      { line: 2, text: 'not-an-address, Bo', reason: PASTE_REASONS.noAddress },
      { line: 3, text: 'just a name', reason: PASTE_REASONS.noAddress },
      { line: 4, text: 'x@school.test, Ann, y@school.test, Ben', reason: PASTE_REASONS.oneALine },
      { line: 5, text: 'ana@school.test, Ana again', reason: PASTE_REASONS.repeated },
      { line: 6, text: `long@school.test, ${'n'.repeat(101)}`, reason: 'The name is longer than 100 characters.' },
      // A header row is skipped only as the first line; later it is a line without an address.
      { line: 8, text: 'Email, Name', reason: PASTE_REASONS.noAddress },
    ]);
  });

  it('says when an address is not one, and when a name holds text no row can store', () => {
    const result = read('Dee <dee@school>\nana@@school.test\nEve <eve@school.test>\nNul\u0000 <nul@school.test>');
    expect(result.students.map((s) => s.email)).toEqual(['eve@school.test']);
    expect(result.bad.map((b) => [b.line, b.reason])).toEqual([
      [1, 'This is not an e-mail address.'],
      [2, 'This is not an e-mail address.'],
      [4, expect.any(String)],
    ]);
  });

  it(`adds at most ${PASTE_MAX_STUDENTS} students and reports the lines after them`, () => {
    const text = Array.from({ length: PASTE_MAX_STUDENTS + 2 }, (_, i) => `s${i}@school.test`).join('\n');
    const result = read(text);
    expect(result.students).toHaveLength(PASTE_MAX_STUDENTS);
    expect(result.bad.map((b) => [b.line, b.reason])).toEqual([
      [PASTE_MAX_STUDENTS + 1, PASTE_REASONS.tooMany],
      [PASTE_MAX_STUDENTS + 2, PASTE_REASONS.tooMany],
    ]);
  });
});

describe('nameFromAddress', () => {
  it('makes a name of the part before the @', () => {
    expect(nameFromAddress('maria.lopez@x.edu')).toBe('Maria Lopez');
    expect(nameFromAddress('ben_okafor-2@x.edu')).toBe('Ben Okafor 2');
    expect(nameFromAddress('jsmith27@x.edu')).toBe('Jsmith27');
    expect(nameFromAddress('ana.ruiz+math@x.edu')).toBe('Ana Ruiz');
    expect(nameFromAddress('...@x.edu')).toBe('...');
    expect(nameFromAddress(`${'a'.repeat(150)}@x.edu`)).toHaveLength(100);
  });
});
