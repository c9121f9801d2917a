import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, FileList, StorageUsage } from '../../../contract/files';
import { createTestContext, type TestContext } from '../../../tests/harness';
import { buildDocx, buildDocxBomb, buildPdf } from '../../storage/test-fixtures';
import { filesRuntime } from './files.runtime';
import { deleteAllFilesOf, knowledgeTextOf } from './files.service';
import { fileClient, sha256, type ErrorJson } from './files.test-helpers';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd8ad10000000049454e44ae426082',
  'hex',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    STORAGE_QUOTA_FREE_BYTES: String(64 * 1024),
    FILE_MAX_BYTES: String(60 * 1024),
    EXTRACT_MAX_UNCOMPRESSED_BYTES: String(8 * 1024 * 1024),
  });
});
afterAll(() => ctx.close());

const storedKeys = () => {
  const dir = path.join(ctx.dataDir, 'files', 'files');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe('multipart uploads and serving', () => {
  it('stores a PDF and a DOCX, extracts their text for bot knowledge, and serves them only as attachments', async () => {
    const { user, send, upload } = await fileClient(ctx);
    const pdf = buildPdf(['Unit plan: fractions', 'Lesson 2: equivalent fractions']);
    const res = await upload(pdf, 'unit plan.pdf', 'application/pdf');
    expect(res.status).toBe(201);
    const info = (await res.json()) as FileInfo;
    expect(info).toMatchObject({
      name: 'unit plan.pdf',
      type: 'application/pdf',
      purpose: 'knowledge',
      status: 'ready',
      size: pdf.length,
      sha256: sha256(pdf),
      hasText: true,
    });
    const docx = (await (
      await upload(await buildDocx(['Rubric: lab report', 'Method: 4 points']), 'rubric.docx', DOCX)
    ).json()) as FileInfo;
    expect(docx).toMatchObject({ type: DOCX, hasText: true });
    expect(await knowledgeTextOf(ctx.database.db, user.id, [info.id, docx.id])).toEqual(
      expect.arrayContaining([
        { id: info.id, name: 'unit plan.pdf', text: 'Unit plan: fractions\n\nLesson 2: equivalent fractions' },
        { id: docx.id, name: 'rubric.docx', text: 'Rubric: lab report\n\nMethod: 4 points' },
      ]),
    );

    const download = await send('GET', `/api/files/${info.id}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="unit plan.pdf"; filename*=UTF-8''unit%20plan.pdf`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain("script-src 'self'");

    const list = (await (await send('GET', '/api/files?purpose=knowledge')).json()) as FileList;
    expect(list.files.map((f) => f.id).sort()).toEqual([info.id, docx.id].sort());
    expect(JSON.stringify(list)).not.toMatch(/storage|Unit plan: fractions/);
  }, 90_000);

  it('keeps hostile names as text only, under a key the server makes', async () => {
    const { send, upload } = await fileClient(ctx);
    const names = ['../../x.txt', '..%2f..%2fetc%2fpasswd.txt', 'nul\u0000byte.txt', '<img src=x onerror=alert(1)>.txt'];
    for (const name of names) {
      const res = await upload('just text', name, 'text/plain', 'attachment');
      expect(res.status).toBe(201);
      const info = (await res.json()) as FileInfo;
      expect(info.name).toBe(name.replace('\u0000', ''));
      const download = await send('GET', `/api/files/${info.id}`);
      expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const disposition = download.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9._ ()_-]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
      expect(await download.text()).toBe('just text');
    }
    expect(storedKeys().every((k) => /^[0-9a-f-]{36}$/.test(k))).toBe(true);
    expect(readdirSync(ctx.dataDir)).not.toContain('x.txt');
  });

  it('refuses an executable renamed .pdf, SVG and a type that does not match its bytes, with the reason (415)', async () => {
    const { upload } = await fileClient(ctx);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const cases: [Buffer | string, string, string, RegExp][] = [
      [exe, 'lesson.pdf', 'application/pdf', /meant to be a PDF, but its content is a Windows program/],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'icon.png', 'image/png', /SVG image/],
      [PNG, 'notes.txt', 'text/plain', /meant to be a text file, but its content is a PNG image/],
      ['hello', 'page.html', 'text/html', /not accepted/],
    ];
    for (const [data, name, type, reason] of cases) {
      const res = await upload(data, name, type);
      expect(res.status).toBe(415);
      const body = (await res.json()) as ErrorJson;
      expect(body.error.code).toBe('unsupported_type');
      expect(body.error.message).toMatch(reason);
    }
    expect((await upload(PNG, 'icon.png', 'image/png', 'icon')).status).toBe(201);
  });

  it('refuses a zip-bomb DOCX with a clear message, keeps no record, and stays up', async () => {
    const { send, upload } = await fileClient(ctx);
    const bomb = buildDocxBomb(12 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(60 * 1024);
    const res = await upload(bomb, 'bomb.docx', DOCX);
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({
      code: 'extraction_refused',
      message: expect.stringMatching(/expands to 12 MiB, more than the 8 MiB allowed/) as unknown,
    });
    expect(((await (await send('GET', '/api/files')).json()) as FileList).files).toEqual([]);
    expect((await upload('still up', 'a.md', '')).status).toBe(201);
  });

  it('answers 402 with the quota when a file would not fit, leaving no partial record or object', async () => {
    const { send, upload } = await fileClient(ctx);
    expect((await upload(Buffer.alloc(40 * 1024, 0x61), 'a.txt', 'text/plain')).status).toBe(201);
    const before = storedKeys().length;
    const res = await upload(Buffer.alloc(30 * 1024, 0x62), 'b.txt', 'text/plain');
    expect(res.status).toBe(402);
    const body = (await res.json()) as ErrorJson;
    expect(body.error).toMatchObject({
      code: 'quota_exceeded',
      message: expect.stringMatching(/used 40 KiB of 64 KiB, and this file needs 30 KiB.*Get Premium/) as unknown,
    });
    expect(storedKeys().length).toBe(before);
    const usage = (await (await send('GET', '/api/files/usage')).json()) as StorageUsage;
    expect(usage).toMatchObject({ usedBytes: 40 * 1024, quotaBytes: 64 * 1024, multipartMaxBytes: 256 * 1024, retryMaxMs: 120_000 });
  });

  it('refuses a file over the multipart size with 413', async () => {
    const { upload } = await fileClient(ctx);
    const res = await upload(Buffer.alloc(300 * 1024, 0x61), 'big.txt', 'text/plain');
    expect(res.status).toBe(413);
  });
});

describe('the text of a file, for a chat attachment', () => {
  it("gives the owner a PDF's or a Word file's text, 422 for a file without text, 404 to anyone else", async () => {
    const owner = await fileClient(ctx);
    const other = await fileClient(ctx);
    const pdf = (await (
      await owner.upload(buildPdf(['Worksheet: photosynthesis', 'Question 1']), 'sheet.pdf', 'application/pdf', 'attachment')
    ).json()) as FileInfo;
    const docx = (await (
      await owner.upload(await buildDocx(['Reading: the water cycle']), 'reading.docx', DOCX, 'attachment')
    ).json()) as FileInfo;
    const png = (await (await owner.upload(PNG, 'leaf.png', 'image/png', 'attachment')).json()) as FileInfo;
    const read = (client: typeof owner, id: string) => client.send('GET', `/api/files/${id}/text`);
    expect(await (await read(owner, pdf.id)).json()).toEqual({
      id: pdf.id,
      name: 'sheet.pdf',
      text: 'Worksheet: photosynthesis\n\nQuestion 1',
    });
    expect(((await (await read(owner, docx.id)).json()) as { text: string }).text).toBe('Reading: the water cycle');
    const none = await read(owner, png.id);
    expect(none.status).toBe(422);
    expect(((await none.json()) as ErrorJson).error.code).toBe('no_text');
    expect((await read(other, pdf.id)).status).toBe(404);
    expect((await read(owner, 'not-a-uuid')).status).toBe(404);
    expect((await ctx.app.request(`http://localhost:3000/api/files/${pdf.id}/text`)).status).toBe(401);
  });
});

describe('who may do what', () => {
  it('lets only teachers upload; students get 403, signed-out callers 401', async () => {
    const student = await fileClient(ctx, { role: 'student' });
    const res = await student.upload('hi', 'a.txt', 'text/plain');
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).error.message).toBe('Only teachers can upload files.');
    expect((await ctx.app.request('http://localhost:3000/api/files')).status).toBe(401);
  });

  it("answers 404 for another user's file, for a knowledge file to a student, and for unknown ids", async () => {
    const owner = await fileClient(ctx);
    const other = await fileClient(ctx);
    const info = (await (await owner.upload('secret', 'k.txt', 'text/plain')).json()) as FileInfo;
    expect((await other.send('GET', `/api/files/${info.id}`)).status).toBe(404);
    expect((await other.send('DELETE', `/api/files/${info.id}`)).status).toBe(404);
    expect((await owner.send('GET', '/api/files/not-a-uuid')).status).toBe(404);
    // The owner becomes a student (the operator changed the role): knowledge is no longer served to them.
    const { setAccountRole } = await import('../operator/accounts.service');
    await setAccountRole(ctx.database.db, { email: owner.user.email, role: 'student' });
    expect((await owner.send('GET', `/api/files/${info.id}`)).status).toBe(404);
  });
});

describe('deleting', () => {
  it("removes the stored object with the file, and all of an owner's files with their account", async () => {
    const { user, send, upload } = await fileClient(ctx);
    const a = (await (await upload('one', 'a.txt', 'text/plain')).json()) as FileInfo;
    const b = (await (await upload('two', 'b.txt', 'text/plain')).json()) as FileInfo;
    const c = (await (await upload(PNG, 'c.png', 'image/png', 'image')).json()) as FileInfo;
    const storage = filesRuntime(ctx.config).storage;
    expect((await send('DELETE', `/api/files/${a.id}`)).status).toBe(204);
    expect(await storage.exists(`files/${a.id}`)).toBe(false);
    expect((await send('GET', `/api/files/${a.id}`)).status).toBe(404);
    expect(await deleteAllFilesOf({ db: ctx.database.db, config: ctx.config }, user.id)).toBe(2);
    expect(await storage.exists(`files/${b.id}`)).toBe(false);
    expect(await storage.exists(`files/${c.id}`)).toBe(false);
    expect(((await (await send('GET', '/api/files')).json()) as FileList).files).toEqual([]);
  });
});
