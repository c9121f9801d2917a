import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FILE_ID_HEADER, type FileInfo } from '../../../contract/files';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import { buildPdf } from '../../storage/test-fixtures';
import { sweepFiles } from './files.sweep';
import { fileClient, sha256, type ErrorJson } from './files.test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ FILE_MAX_BYTES: String(4 * 1024 * 1024), STORAGE_QUOTA_FREE_BYTES: String(6 * 1024 * 1024) });
});
afterAll(() => ctx.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusHeaders = { 'Tus-Resumable': '1.0.0' };
type Client = Awaited<ReturnType<typeof fileClient>>;

async function create(
  client: Client,
  size: number,
  meta: Record<string, string> = { filename: 'notes.txt', filetype: 'text/plain', purpose: 'knowledge' },
) {
  const metadata = Object.entries(meta)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
  return client.send('POST', '/api/uploads', undefined, { ...tusHeaders, 'Upload-Length': String(size), 'Upload-Metadata': metadata });
}
const patch = (client: Client, url: string, offset: number, body: Buffer) =>
  client.send('PATCH', url, new Uint8Array(body), {
    ...tusHeaders,
    'Upload-Offset': String(offset),
    'Content-Type': 'application/offset+octet-stream',
  });
const head = (client: Client, url: string) => client.send('HEAD', url, undefined, tusHeaders);

describe('resumable uploads (tus)', () => {
  it('creates, takes chunks, answers HEAD with the offset, and makes a file at the end', async () => {
    const client = await fileClient(ctx);
    const data = Buffer.from('word '.repeat(120_000));
    const created = await create(client, data.length);
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    expect(created.headers.get('upload-expires')).toBeTruthy();
    expect((await patch(client, url, 0, data.subarray(0, 256 * 1024))).headers.get('upload-offset')).toBe(String(256 * 1024));
    const h = await head(client, url);
    expect(h.status).toBe(200);
    expect(h.headers.get('upload-offset')).toBe(String(256 * 1024));
    const last = await patch(client, url, 256 * 1024, data.subarray(256 * 1024));
    expect(last.status).toBe(204);
    const id = last.headers.get(UPLOAD_FILE_ID_HEADER.toLowerCase())!;
    expect(url.endsWith(id)).toBe(true);
    const download = await client.send('GET', `/api/files/${id}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(data));
    // The part is gone; HEAD still reports the upload complete, so a client that lost the answer finishes.
    const again = await head(client, url);
    expect([again.status, again.headers.get('upload-offset'), again.headers.get(UPLOAD_FILE_ID_HEADER)]).toEqual([
      200,
      String(data.length),
      id,
    ]);
    expect(readdirSync(path.join(ctx.dataDir, 'uploads')).filter((f) => f.startsWith(id))).toEqual([]);
  });

  it('answers a wrong offset with 409 and leaves the upload as it was', async () => {
    const client = await fileClient(ctx);
    const url = (await create(client, 1000)).headers.get('location')!;
    await patch(client, url, 0, Buffer.alloc(100, 0x61));
    const res = await patch(client, url, 50, Buffer.alloc(100, 0x61));
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorJson).error.code).toBe('conflict');
    expect((await head(client, url)).headers.get('upload-offset')).toBe('100');
  });

  it("gives 404 to another user's HEAD, PATCH and DELETE, and to any GET", async () => {
    const owner = await fileClient(ctx);
    const other = await fileClient(ctx);
    const url = (await create(owner, 1000)).headers.get('location')!;
    expect((await head(other, url)).status).toBe(404);
    expect((await patch(other, url, 0, Buffer.alloc(10, 0x61))).status).toBe(404);
    expect((await other.send('DELETE', url, undefined, tusHeaders)).status).toBe(404);
    expect((await owner.send('GET', url)).status).toBe(404);
    expect((await head(owner, url)).headers.get('upload-offset')).toBe('0');
    expect((await owner.send('DELETE', url, undefined, tusHeaders)).status).toBe(204);
    expect((await head(owner, url)).status).toBe(404);
  });

  it('refuses at creation: a length over the maximum (413), an unaccepted type (415), a full quota (402), students (403), signed out (401)', async () => {
    const client = await fileClient(ctx);
    const tooBig = await create(client, 4 * 1024 * 1024 + 1);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as ErrorJson).error).toMatchObject({
      code: 'payload_too_large',
      message: 'This file is larger than the 4 MiB limit.',
    });
    expect((await create(client, 10, { filename: 'run.exe', filetype: 'application/x-msdownload', purpose: 'knowledge' })).status).toBe(
      415,
    );
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(3 * 1024 * 1024 - 8)]);
    const url = (await create(client, png.length, { filename: 'big.png', filetype: 'image/png', purpose: 'image' })).headers.get(
      'location',
    )!;
    expect((await patch(client, url, 0, png)).status).toBe(204);
    const full = await create(client, 3.5 * 1024 * 1024);
    expect(full.status).toBe(402);
    expect(((await full.json()) as ErrorJson).error.message).toMatch(/used 3 MiB of 6 MiB, and this file needs 3.5 MiB/);
    const student = await fileClient(ctx, { role: 'student' });
    expect((await create(student, 10)).status).toBe(403);
    expect(
      (
        await ctx.app.request(`${TEST_ORIGIN}/api/uploads`, {
          method: 'POST',
          headers: { ...tusHeaders, Origin: TEST_ORIGIN, 'Upload-Length': '10' },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses an executable renamed .pdf at the last chunk (415) and reclaims its part', async () => {
    const client = await fileClient(ctx);
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(300 * 1024)]);
    const url = (
      await create(client, exe.length, { filename: 'worksheet.pdf', filetype: 'application/pdf', purpose: 'knowledge' })
    ).headers.get('location')!;
    const res = await patch(client, url, 0, exe);
    expect(res.status).toBe(415);
    expect(((await res.json()) as ErrorJson).error.message).toBe('The file is meant to be a PDF, but its content is a Windows program.');
    expect((await head(client, url)).status).toBe(404);
  });

  it('expires abandoned uploads and reclaims their storage', async () => {
    const short = await createTestContext({ UPLOAD_EXPIRY_HOURS: '0.0001' });
    try {
      const client = await fileClient(short);
      const url = (await create(client, 1000)).headers.get('location')!;
      await patch(client, url, 0, Buffer.alloc(10, 0x61));
      const part = path.join(short.dataDir, 'uploads', url.split('/').pop()!);
      expect(existsSync(part)).toBe(true);
      // It expires 0.36 s after it was made: until then a sweep reclaims nothing, after it this one upload.
      await expect
        .poll(async () => (await sweepFiles({ db: short.database.db, config: short.config })).uploads, { timeout: 10_000 })
        .toBe(1);
      expect(existsSync(part)).toBe(false);
      expect((await head(client, url)).status).toBe(404);
    } finally {
      await short.close();
    }
  });
});

describe('resuming with tus-js-client over HTTP', () => {
  let server: ServerType;
  let endpoint: string;
  beforeAll(async () => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/uploads`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('resumes an upload aborted mid-chunk and ends with an identical checksum', async () => {
    const client = await fileClient(ctx);
    const pdf = Buffer.concat([buildPdf(['Reading: the water cycle']), Buffer.from(`\n%${randomBytes(700 * 1024).toString('base64')}\n`)]);
    const options = (onProgress?: (sent: number, upload: tus.Upload) => void) => {
      let upload: tus.Upload | undefined = undefined;
      const promise = new Promise<string>((resolve, reject) => {
        upload = new tus.Upload(pdf, {
          endpoint,
          chunkSize: 256 * 1024,
          retryDelays: [],
          metadata: { filename: 'water.pdf', filetype: 'application/pdf', purpose: 'knowledge' },
          headers: { Cookie: client.cookie, Origin: TEST_ORIGIN },
          onProgress: (sent) => onProgress?.(sent, upload!),
          onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(UPLOAD_FILE_ID_HEADER) ?? ''),
          onError: reject,
        });
      });
      return {
        get upload() {
          return upload!;
        },
        promise,
      };
    };
    let aborted = false;
    let markAborted: () => void = () => undefined;
    const abortedMidChunk = new Promise<void>((r) => (markAborted = r));
    const first = options((sent, upload) => {
      if (!aborted && sent > 400 * 1024) {
        aborted = true;
        void upload.abort().then(markAborted);
      }
    });
    first.upload.start();
    await abortedMidChunk;
    // No wait needed: HEAD takes the upload's lock, so it answers once the server has let go of the
    // aborted PATCH and kept what it received.
    const url = first.upload.url!;
    const offset = Number((await head(client, url.replace(/^http:\/\/[^/]+/, ''))).headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(256 * 1024);
    expect(offset).toBeLessThan(pdf.length);

    const second = options();
    second.upload.options.uploadUrl = url;
    second.upload.start();
    const id = await second.promise;
    const stored = await (await client.send('GET', `/api/files/${id}`)).arrayBuffer();
    expect(sha256(Buffer.from(stored))).toBe(sha256(pdf));
    const list = (await (await client.send('GET', '/api/files')).json()) as { files: FileInfo[] };
    expect(list.files).toEqual([expect.objectContaining({ id, sha256: sha256(pdf), hasText: true })]);
  }, 90_000);
});
