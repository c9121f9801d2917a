import { describe, expect, it } from 'vitest';
import { parsePastedStudents } from './pasteRoster';

describe('parsePastedStudents', () => {
  it('reads "email, name" and "name <email>" lines and skips blank ones', () => {
    const result = parsePastedStudents('Ana@School.test, Ana Ruiz\n\n  Ben Okafor <ben@school.test>\ncy@school.test;\tCy Lee\n');
    expect(result.bad).toEqual([]);
    expect(result.students).toEqual([
      { email: 'ana@school.test', name: 'Ana Ruiz' },
      { email: 'ben@school.test', name: 'Ben Okafor' },
      { email: 'cy@school.test', name: 'Cy Lee' },
    ]);
  });

  it('names every bad line with its number and a reason', () => {
    const result = parsePastedStudents(
      'ana@school.test, Ana\nnot-an-address, Bo\njust a name\ncy@school.test\nana@school.test, Ana again\n<dee@school.test>',
    );
    expect(result.students).toEqual([{ email: 'ana@school.test', name: 'Ana' }]);
    expect(result.bad.map((b) => [b.line, b.reason])).toEqual([
      [2, 'Enter a valid e-mail address.'],
      [3, 'Write “e-mail, name” or “name <e-mail>”.'],
      [4, 'Add the student’s name after a comma.'],
      [5, 'This e-mail address is on an earlier line too.'],
      [6, 'Enter the student’s name.'],
    ]);
  });
});
