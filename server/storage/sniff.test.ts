import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { intendedType, matchType, sniffFile } from './sniff';
import { formatMessage, message } from '../lib/message';
import { buildZip } from './test-fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'classbots-sniff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const sniff = (data: Buffer | string) => {
  const p = path.join(dir, `f${n++}`);
  writeFileSync(p, data);
  return sniffFile(p);
};

describe('sniffing by magic bytes', () => {
  it('recognises each accepted type by its bytes, never by its name', async () => {
    expect(await sniff(Buffer.from('ffd8ffe000104a464946', 'hex'))).toEqual({ kind: 'accepted', type: 'image/jpeg' });
    expect(await sniff('GIF89a\x01\x00\x01\x00')).toEqual({ kind: 'accepted', type: 'image/gif' });
    expect(await sniff(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toEqual({
      kind: 'accepted',
      type: 'image/webp',
    });
    expect(await sniff('# Unit 3\n\nÉtude — fractions ½\n')).toEqual({ kind: 'text' });
    expect(await sniff(Buffer.from([0x68, 0x69, 0x00, 0x01]))).toMatchObject({ kind: 'refused' });
    expect(await sniff(buildZip([{ name: 'a.txt', data: Buffer.from('x') }]))).toEqual({
      kind: 'refused',
      looksLike: message('zipNotWord'),
    });
    expect(await sniff('\x7fELF\x02\x01')).toEqual({ kind: 'refused', looksLike: message('linuxProgram') });
    expect(await sniff('<!DOCTYPE html><script>alert(1)</script>')).toEqual({ kind: 'refused', looksLike: message('webPage') });
  });

  it('takes the intended type from the declared MIME type, else the extension', () => {
    expect(intendedType('', 'notes.md')).toBe('text/markdown');
    expect(intendedType('application/octet-stream', 'Plan.PDF')).toBe('application/pdf');
    expect(intendedType('image/png; charset=binary', 'x')).toBe('image/png');
    expect(intendedType('image/svg+xml', 'icon.svg')).toBeUndefined();
    expect(matchType({ kind: 'text' }, 'text/markdown')).toEqual({ ok: true, type: 'text/markdown' });
    const mismatch = matchType({ kind: 'accepted', type: 'image/gif' }, 'image/png');
    expect(mismatch.ok).toBe(false);
    if (!mismatch.ok) {
      expect(formatMessage(mismatch.reason, 'en')).toBe('The file is meant to be a PNG image, but its content is a GIF image.');
      expect(formatMessage(mismatch.reason, 'es')).toBe('El archivo debería ser una imagen PNG, pero su contenido es una imagen GIF.');
    }
  });
});
