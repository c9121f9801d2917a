import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedInt, fieldErrors, INT32_MAX, isUuid, text, unstorableTextProblem, uuid } from './common';

describe('text', () => {
  const name = text({ trim: true, min: 1, max: 5, required: 'Give it a name.', tooShort: 'Too short.', tooLong: 'Too long.' });

  it('refuses NUL and lone surrogates, and keeps whole emoji and other scripts', () => {
    expect(name.safeParse('a\u0000b').error?.issues[0]?.message).toMatch(/NUL/);
    expect(name.safeParse('a\uD83D').error?.issues[0]?.message).toMatch(/half of an emoji/);
    expect(name.safeParse('\uDE00a').error?.issues[0]?.message).toMatch(/half of an emoji/);
    expect(name.parse(' 🍎ñ ')).toBe('🍎ñ');
    expect(name.parse('日本')).toBe('日本');
    expect(unstorableTextProblem('\uD83D\uDE00')).toBeUndefined();
    expect(unstorableTextProblem('\uDE00\uD83D')).toMatch(/half of an emoji/);
  });

  it('trims before its bounds, with the messages given', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Too short.');
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('Too long.');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Give it a name.');
    expect(name.safeParse(['a']).error?.issues[0]?.message).toBe('Give it a name.');
  });

  it('takes another message for unstorable text', () => {
    expect(text({ unstorable: 'must not contain NUL' }).safeParse('\u0000').error?.issues[0]?.message).toBe('must not contain NUL');
  });
});

describe('boundedInt', () => {
  it('refuses fractions, text and anything beyond its bounds', () => {
    const version = boundedInt(1, INT32_MAX, { message: 'Reload.' });
    expect(version.parse(INT32_MAX)).toBe(INT32_MAX);
    for (const bad of [0, 2 ** 31, 1.5, '3', Number.NaN, Number.POSITIVE_INFINITY, null]) {
      expect(version.safeParse(bad).error?.issues[0]?.message).toBe('Reload.');
    }
  });

  it('reads query-string numbers when asked', () => {
    const limit = boundedInt(1, 100, { coerce: true });
    expect(limit.parse('25')).toBe(25);
    for (const bad of ['0', '101', '2147483648', 'NaN', '1e999', '1.5']) expect(limit.safeParse(bad).success).toBe(false);
  });

  it('cannot be made wider than an integer column', () => {
    expect(() => boundedInt(0, 2 ** 31)).toThrow(/integer column/);
  });
});

describe('ids', () => {
  it('takes any UUID in PostgreSQL text form and nothing else', () => {
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('E6A4C6B0-7B1C-4C61-9D4A-1B2C3D4E5F60')).toBe(true);
    for (const bad of ['-'.repeat(36), 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', 'not-a-uuid', '', 42, undefined])
      expect(isUuid(bad)).toBe(false);
    expect(uuid('Choose one.').safeParse('x').error?.issues[0]?.message).toBe('Choose one.');
  });
});

describe('fieldErrors', () => {
  const schema = z.object({ name: text({ max: 3 }), list: z.array(text({ max: 2 })) });

  it("maps each field's path to its first problem", () => {
    const issues = schema.safeParse({ name: 'abcd\u0000', list: ['ok', 'long'] }).error!.issues;
    expect(fieldErrors(issues)).toEqual({ name: expect.stringMatching(/NUL/) as string, 'list.1': expect.any(String) as string });
    expect(fieldErrors(issues, (path) => String(path[0]))).toEqual({
      name: expect.any(String) as string,
      list: expect.any(String) as string,
    });
    expect(fieldErrors(z.string().safeParse(1).error!.issues)).toEqual({ _: expect.any(String) as string });
  });
});
