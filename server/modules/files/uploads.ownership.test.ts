import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_FILE_ID_HEADER } from '../../../contract/files';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../tests/harness';
import { rememberUploadRequest, resumableUploads } from './files.tus';
import { fileClient, type ErrorJson } from './files.test-helpers';

// Issue 12, item 1: the owner check and the tus server must act on the same upload id. Teacher B
// owns an upload of their own and aims every request at it, dressed so that tus (which reads the
// id from the end of the whole URL) would see teacher A's upload instead.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tus = { 'Tus-Resumable': '1.0.0' };
const SIZE = 100;
type Client = Awaited<ReturnType<typeof fileClient>>;

async function createUpload(client: Client): Promise<{ url: string; id: string }> {
  const meta = `filename ${btoa('notes.txt')},filetype ${btoa('text/plain')},purpose ${btoa('knowledge')}`;
  const res = await client.send('POST', '/api/uploads', undefined, { ...tus, 'Upload-Length': String(SIZE), 'Upload-Metadata': meta });
  expect(res.status).toBe(201);
  const url = res.headers.get('location')!;
  return { url, id: url.split('/').pop()! };
}
const patch = (client: Client, url: string, offset: number, bytes = 10) =>
  client.send('PATCH', url, new Uint8Array(Buffer.alloc(bytes, 0x62)), {
    ...tus,
    'Upload-Offset': String(offset),
    'Content-Type': 'application/offset+octet-stream',
  });
const head = (client: Client, url: string) => client.send('HEAD', url, undefined, tus);
const del = (client: Client, url: string) => client.send('DELETE', url, undefined, tus);

let a: Client;
let b: Client;
let victim: { url: string; id: string };
let own: { url: string; id: string };
beforeAll(async () => {
  [a, b] = [await fileClient(ctx), await fileClient(ctx)];
});
beforeEach(async () => {
  victim = await createUpload(a);
  expect((await patch(a, victim.url, 0)).status).toBe(204);
  own = await createUpload(b);
});

/** A's upload is as A left it: offset 10, and A can still finish it into a file of A's. */
async function expectVictimUntouched() {
  const h = await head(a, victim.url);
  expect([h.status, h.headers.get('upload-offset')]).toEqual([200, '10']);
  const last = await patch(a, victim.url, 10, SIZE - 10);
  expect(last.status).toBe(204);
  expect(last.headers.get(UPLOAD_FILE_ID_HEADER.toLowerCase())).toBe(victim.id);
  expect((await a.send('GET', `/api/files/${victim.id}`)).status).toBe(200);
}

/** B's own upload, untouched too (a refused trick must not land on it either). */
async function expectOwnUntouched() {
  const h = await head(b, own.url);
  expect([h.status, h.headers.get('upload-offset')]).toEqual([200, '0']);
}

// Each address passes the owner check on B's own id (the path's last segment as Hono routes it),
// while its raw URL ends in A's id.
const tricks: [string, (ownId: string, victimId: string) => string][] = [
  ['a query string ending in the id', (o, v) => `/api/uploads/${o}?x=/${v}`],
  ['a query string that is only the id', (o, v) => `/api/uploads/${o}?/${v}`],
  ['a fragment ending in the id', (o, v) => `/api/uploads/${o}#/${v}`],
  ['a query string with an encoded slash', (o, v) => `/api/uploads/${o}?x=%2F${v}`],
];

describe('uploads: one upload id for the owner check and tus', () => {
  for (const [name, address] of tricks) {
    it(`refuses B's HEAD on A's upload through ${name}, and leaks nothing`, async () => {
      const res = await head(b, address(own.id, victim.id));
      expect(res.status).toBe(400);
      expect(res.headers.get('upload-offset')).toBeNull();
      expect(res.headers.get('upload-length')).toBeNull();
      await expectVictimUntouched();
    });

    it(`refuses B's PATCH into A's upload through ${name}`, async () => {
      const res = await patch(b, address(own.id, victim.id), 10);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).error.code).toBe('bad_request');
      await expectOwnUntouched();
      await expectVictimUntouched();
    });

    it(`refuses B's DELETE of A's upload through ${name}`, async () => {
      const res = await del(b, address(own.id, victim.id));
      expect(res.status).toBe(400);
      await expectOwnUntouched();
      await expectVictimUntouched();
    });
  }

  it('refuses a creation with a query string, so no upload is made on a dressed address', async () => {
    const meta = `filename ${btoa('notes.txt')},filetype ${btoa('text/plain')},purpose ${btoa('knowledge')}`;
    const res = await b.send('POST', `/api/uploads?x=/${victim.id}`, undefined, { ...tus, 'Upload-Length': '10', 'Upload-Metadata': meta });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    await expectVictimUntouched();
  });

  it('answers an empty query string (a bare "?") with 400 too', async () => {
    expect((await head(b, `${own.url}?`)).status).toBe(400);
    expect((await patch(b, `${own.url}?`, 0)).status).toBe(400);
    await expectOwnUntouched();
  });

  // Addresses where the path itself names two ids: refused as not found (the id is not one of B's).
  const pathTricks: [string, string][] = [
    ['an encoded slash', '%2F'],
    ['a lower-case encoded slash', '%2f'],
    ['an encoded backslash', '%5C'],
    ['a trailing path segment', '/'],
    ['a dot segment', '/..%2F'],
    ['a matrix parameter', ';x=/'],
    ['an encoded query string', '%3Fx=%2F'],
  ];
  for (const [name, join] of pathTricks) {
    it(`gives 404 to B's HEAD, PATCH and DELETE through ${name}`, async () => {
      const url = `/api/uploads/${own.id}${join}${victim.id}`;
      for (const res of [await head(b, url), await patch(b, url, 10), await del(b, url)]) {
        expect(res.status).toBe(404);
        expect(res.headers.get('upload-offset')).toBeNull();
      }
      await expectOwnUntouched();
      await expectVictimUntouched();
    });
  }

  it("still refuses B on A's own address, plain (404)", async () => {
    expect((await head(b, victim.url)).status).toBe(404);
    expect((await patch(b, victim.url, 10)).status).toBe(404);
    expect((await del(b, victim.url)).status).toBe(404);
    await expectVictimUntouched();
  });

  it('leaves the owner free to use their own plain address', async () => {
    expect((await patch(b, own.url, 0)).status).toBe(204);
    expect((await head(b, own.url)).headers.get('upload-offset')).toBe('10');
    expect((await del(b, own.url)).status).toBe(204);
    expect((await head(b, own.url)).status).toBe(404);
  });
});

describe('the tus server behind the routes', () => {
  const tusRequest = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { method: 'HEAD', headers: { ...tus, Origin: TEST_ORIGIN } });

  it('acts on the id the routes checked, whatever the URL ends in', async () => {
    const server = resumableUploads(ctx.config).server;
    const req = tusRequest(victim.url);
    rememberUploadRequest(req, { user: b.user, deps: ctx, uploadId: own.id });
    const res = await server.handleWeb(req);
    // B's own upload (offset 0), not A's (offset 10) that the URL names.
    expect([res.status, res.headers.get('upload-offset')]).toEqual([200, '0']);
  });

  it('answers 404 to a request the routes did not check', async () => {
    const res = await resumableUploads(ctx.config).server.handleWeb(tusRequest(victim.url));
    expect(res.status).toBe(404);
    expect(res.headers.get('upload-offset')).toBeNull();
  });
});

describe('uploads over real HTTP: the raw request line', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** Sends the request line exactly as given (no client-side URL normalisation). */
  function raw(method: string, target: string, headers: Record<string, string>, body?: Buffer) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method, path: target, headers: { Origin: TEST_ORIGIN, ...tus, ...headers } },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('refuses DELETE and PATCH through a query string or fragment sent on the wire', async () => {
    for (const target of [`/api/uploads/${own.id}?x=/${victim.id}`, `/api/uploads/${own.id}#/${victim.id}`]) {
      expect((await raw('DELETE', target, { Cookie: b.cookie })).status).toBe(400);
      const res = await raw(
        'PATCH',
        target,
        { Cookie: b.cookie, 'Upload-Offset': '10', 'Content-Type': 'application/offset+octet-stream' },
        Buffer.alloc(10, 0x62),
      );
      expect(res.status).toBe(400);
    }
    await expectOwnUntouched();
    await expectVictimUntouched();
  });
});
