import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from './csv';

const fields = (text: string) => parseCsv(text).records.map((r) => r.fields);

describe('parseCsv', () => {
  it('splits plain records on commas and newlines', () => {
    expect(fields('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads CRLF and lone CR line ends alike', () => {
    expect(fields('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\r1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('drops a UTF-8 BOM before the first field', () => {
    expect(fields('\uFEFFemail,name\nx@y.org,X')[0]).toEqual(['email', 'name']);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(fields('"Lee, Ann","say ""hi""","two\r\nlines"\n')).toEqual([['Lee, Ann', 'say "hi"', 'two\r\nlines']]);
  });

  it('numbers each record by the line it starts on, past multi-line fields', () => {
    const result = parseCsv('h\n"a\nb"\nc\n\nd');
    expect(result.records.map((r) => [r.line, r.fields[0]])).toEqual([
      [1, 'h'],
      [2, 'a\nb'],
      [4, 'c'],
      [6, 'd'],
    ]);
  });

  it('keeps empty fields, and an empty quoted field makes a record', () => {
    expect(fields('a,,c\n,\n""')).toEqual([['a', '', 'c'], ['', ''], ['']]);
  });

  it('skips blank lines and needs no final newline', () => {
    expect(fields('\n\na\n\n\nb')).toEqual([['a'], ['b']]);
  });

  it('keeps a stray quote inside an unquoted field and text after a closing quote', () => {
    expect(fields('O"Brien,"ab"cd')).toEqual([['O"Brien', 'abcd']]);
  });

  it('reports a quote never closed with the line it opened on', () => {
    const result = parseCsv('a,b\n1,"open\n2,3\n');
    expect(result.error?.line).toBe(2);
    expect(result.error?.reason).toMatch(/never closed/);
    expect(result.records.map((r) => r.fields)).toEqual([['a', 'b']]);
  });

  it('refuses binary text (NUL bytes)', () => {
    expect(parseCsv('PK\u0003\u0004\u0000\u0000').error?.reason).toMatch(/not a CSV/);
  });

  it('reads semicolon and tab separated text with the detected delimiter', () => {
    expect(fields('email;name\n"a;b@x.org";N')).toEqual([
      ['email', 'name'],
      ['a;b@x.org', 'N'],
    ]);
    expect(fields('email\tname\nx@y.org\tN,M')).toEqual([
      ['email', 'name'],
      ['x@y.org', 'N,M'],
    ]);
  });
});

describe('detectDelimiter', () => {
  it('picks the separator of the header line, ignoring quoted text and later lines', () => {
    expect(detectDelimiter('email,name,class')).toBe(',');
    expect(detectDelimiter('email;name;class\na,b,c,d,e')).toBe(';');
    expect(detectDelimiter('"e;m;a;i;l",name')).toBe(',');
    expect(detectDelimiter('\uFEFFemail;name')).toBe(';');
    expect(detectDelimiter('email')).toBe(',');
  });
});
