import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRetryable } from './errors';
import { httpFetch } from './http-fetch';

/** A server whose routes each exercise one thing a provider answer can do. */
let server: http.Server;
let base: string;
const closedMidway: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      if (req.url === '/echo') {
        res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'], 'x-custom': 'yes' });
        return res.end(
          JSON.stringify({ method: req.method, body, key: req.headers['x-goog-api-key'], length: req.headers['content-length'] }),
        );
      }
      if (req.url === '/slow') {
        // One event now, the rest only when the test says so.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        res.on('close', () => {
          if (!res.writableFinished) closedMidway.push('slow');
        });
        return;
      }
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: partial\n\n');
        setTimeout(() => res.destroy(), 20);
        return;
      }
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync('decoded text'));
      }
      if (req.url === '/empty') {
        res.writeHead(204);
        return res.end();
      }
      if (req.url === '/hang') return; // never answers
      res.writeHead(404);
      res.end('nope');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function firstChunk(res: Response): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  return { text: new TextDecoder().decode(value), reader };
}

describe('httpFetch', () => {
  it('sends the method, headers and body, and answers status, headers (repeated ones too) and body', async () => {
    const res = await httpFetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'k1', 'content-type': 'application/json' },
      body: '{"q":"ünïcode"}',
    });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-custom')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const echoed = (await res.json()) as Record<string, string>;
    expect(echoed).toEqual({ method: 'POST', body: '{"q":"ünïcode"}', key: 'k1', length: String(Buffer.byteLength('{"q":"ünïcode"}')) });
  });

  it('hands over the first part of a streamed answer before the answer ends', async () => {
    const res = await httpFetch(`${base}/slow`, { method: 'POST', body: '{}' });
    const { text, reader } = await firstChunk(res);
    expect(text).toBe('data: first\n\n');
    await reader.cancel();
  });

  it('decodes a gzip answer and gives no body for a 204', async () => {
    expect(await (await httpFetch(`${base}/gzip`)).text()).toBe('decoded text');
    const empty = await httpFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('fails a refused connection as fetch does: a retryable TypeError with the cause', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const err = await httpFetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('fetch failed');
    expect(((err as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isRetryable(err)).toBe(true);
  });

  it("rejects with the signal's reason when aborted before the answer", async () => {
    const abort = new AbortController();
    const pending = httpFetch(`${base}/hang`, { method: 'POST', body: '{}', signal: abort.signal });
    const reason = new Error('gave up waiting');
    setTimeout(() => abort.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });

  it("errors the body with the signal's reason when aborted mid-answer, and closes the connection", async () => {
    const abort = new AbortController();
    const res = await httpFetch(`${base}/slow`, { method: 'POST', body: '{}', signal: abort.signal });
    const { reader } = await firstChunk(res);
    const reason = new Error('stopped by the user');
    abort.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
    for (let i = 0; i < 50 && !closedMidway.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(closedMidway).toContain('slow');
  });

  it('errors the body when the connection is cut before the answer ends', async () => {
    const res = await httpFetch(`${base}/cut`, { method: 'POST', body: '{}' });
    const { text, reader } = await firstChunk(res);
    expect(text).toBe('data: partial\n\n');
    const err = await (async () => {
      for (;;) if ((await reader.read()).done) return 'ended whole';
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('terminated');
  });
});
