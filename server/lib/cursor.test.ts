import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorTimestamp, keysetCursor } from './cursor';
import { AppError } from './errors';
import { message } from './message';

const cursor = keysetCursor(z.object({ k: z.literal('recent'), at: cursorTimestamp, id: z.string() }), message('savedPageExpired'));
const key = { k: 'recent' as const, at: '2024-02-29T10:00:00.123456Z', id: 'a' };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(raw: string, accept?: (k: typeof key) => boolean) {
  try {
    cursor.decode(raw, accept);
  } catch (err) {
    return err instanceof AppError ? { status: err.status, code: err.code, message: err.message } : err;
  }
  return 'accepted';
}

describe('keysetCursor', () => {
  it('reads back what it wrote', () => {
    expect(cursor.decode(cursor.encode(key))).toEqual(key);
  });

  it('answers 400 bad_cursor for anything that names no position', () => {
    const bad = { status: 400, code: 'bad_cursor', message: 'This page of Saved Docs has expired; reload the list.' };
    for (const raw of ['garbage!', encode(null), encode([1]), encode({}), `${cursor.encode(key)}x`, 'x'.repeat(3000)]) {
      expect(refusal(raw)).toEqual(bad);
    }
    for (const at of [
      '2024-02-30T10:00:00.000000Z',
      '2023-02-29T10:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '2024-01-01T24:00:00.000000Z',
    ]) {
      expect(refusal(encode({ ...key, at }))).toEqual(bad);
    }
    expect(refusal(cursor.encode(key), (k) => k.id === 'b')).toEqual(bad);
  });
});
