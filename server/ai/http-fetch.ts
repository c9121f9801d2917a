import http from 'node:http';
import https from 'node:https';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The `fetch` the AI providers are given: the fetch API over node:http with keep-alive agents.
 * Node's built-in fetch (undici) costs about 25 KiB and a chain of web streams per open request;
 * a streamed reply held open for seconds by hundreds of students makes that the largest part of
 * what a stream costs the server. Only what the provider SDKs use is covered: a method, headers,
 * a string or byte body, an abort signal; the answer streams as it arrives. Failures look as
 * fetch's do, so the SDKs and isRetryable read them the same: a connection that fails is a
 * TypeError 'fetch failed' with the cause; an abort rejects with (or errors the body with) the
 * signal's reason. Redirects are not followed (the providers' APIs answer directly).
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

const decoders: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

function requestBody(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError('httpFetch sends only string or byte bodies.');
}

function responseHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The answer's body as a web stream that reads from the socket only as fast as it is read. */
function bodyStream(res: http.IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const encoding = res.headers['content-encoding']?.toLowerCase();
  const source: Readable = encoding && decoders[encoding] ? res.pipe(decoders[encoding]()) : res;
  let failed = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (err: unknown) => {
          if (failed) return;
          failed = true;
          controller.error(err);
        };
        source.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) source.pause();
        });
        source.once('end', () => {
          if (!failed) controller.close();
        });
        // As fetch: a body that fails mid-way is a TypeError 'terminated' with the cause.
        const terminated = (cause: unknown) => fail(signal?.aborted ? signal.reason : new TypeError('terminated', { cause }));
        res.once('error', terminated);
        if (source !== res) source.once('error', terminated);
        const onAbort = () => {
          fail(signal!.reason);
          res.destroy();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        res.once('close', () => {
          signal?.removeEventListener('abort', onAbort);
          // The connection went away before the answer's end.
          if (!res.complete) terminated(new Error('The connection was closed before the answer ended.'));
        });
      },
      pull() {
        source.resume();
      },
      cancel() {
        res.destroy();
      },
    },
    { highWaterMark: 4 },
  );
}

export const httpFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new TypeError(`httpFetch: unsupported protocol ${url.protocol}`));
  const signal = init.signal ?? undefined;
  // fetch rejects with whatever the signal was aborted with (our own Error subclasses).
  const reason = () => signal?.reason as Error;
  if (signal?.aborted) return Promise.reject(reason());
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const body = requestBody(init.body);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<Response>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      signal?.removeEventListener('abort', onAbort);
      const status = res.statusCode ?? 502;
      const nullBody = status === 204 || status === 304 || init.method === 'HEAD';
      if (nullBody) res.resume();
      resolve(
        new Response(nullBody ? null : bodyStream(res, signal), {
          status,
          statusText: res.statusMessage,
          headers: responseHeaders(res.headers),
        }),
      );
    });
    const onAbort = () => {
      req.destroy();
      reject(reason());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.once('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? reason() : new TypeError('fetch failed', { cause: err }));
    });
    req.end(body);
  });
};
