import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createTestContext, signedIn, TEST_ORIGIN, TestClient, type TestContext } from '../tests/harness';
import { allowConsoleErrors } from '../tests/setup';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ MAX_JSON_BYTES: '4096' });
});
afterAll(() => ctx.close());

type ErrorJson = { error: { code: string; message: string; requestId: string } };

describe('API basics', () => {
  it('answers /api/health with the database kind', async () => {
    const res = await new TestClient(ctx).json('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: ctx.database.kind });
  });

  it('gives unknown /api routes a 404 in the one error shape, with a request id', async () => {
    const res = await new TestClient(ctx).request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    const body = (await res.json()) as ErrorJson;
    expect(body.error).toMatchObject({ code: 'not_found' });
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('answers malformed JSON with 400', async () => {
    const res = await new TestClient(ctx).request('POST', '/api/auth/sign-in/email', '{"email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).error.code).toBe('bad_request');
  });

  it('answers an oversized JSON body with 413', async () => {
    const res = await new TestClient(ctx).post('/api/auth/sign-in/email', { email: 'a@b.org', password: 'x'.repeat(10_000) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorJson).error.code).toBe('payload_too_large');
  });

  it('refuses a state-changing request from a foreign or missing Origin', async () => {
    const { client } = await signedIn(ctx);
    const foreign = await client.post('/api/auth/update-user', { name: 'Evil' }, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ErrorJson).error.code).toBe('origin_rejected');
    const res = await ctx.app.request(`${TEST_ORIGIN}/api/auth/sign-out`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
  });

  it('answers /api/me with 401 when signed out', async () => {
    const res = await new TestClient(ctx).request('GET', '/api/me');
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorJson).error.code).toBe('unauthenticated');
  });
});

describe('failures', () => {
  it('turns an internal failure into a 500 that reveals nothing, and 503 on /api/health, without exiting', async () => {
    allowConsoleErrors();
    const broken = await createTestContext();
    const { client } = await signedIn(broken);
    await broken.database.close();
    const res = await client.request('GET', '/api/me');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/stack|at |pglite|postgres|closed|Error:/i);
    expect((JSON.parse(text) as ErrorJson).error.code).toBe('internal');
    expect((await client.request('GET', '/api/health')).status).toBe(503);
  });
});

describe('serving the web app', () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'classbots-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>ClassBots</title><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');

  const web = () => createApp({ ...ctx, webRoot });

  it('serves pages with the security headers a school IT review looks for', async () => {
    const res = await web().request(`${TEST_ORIGIN}/home/DocBot`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves hashed assets as immutable and nothing from outside the build folder', async () => {
    const asset = await web().request(`${TEST_ORIGIN}/assets/app-123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // Another build's script (a page of another version, in a rolling upgrade): 404, not the page, and not kept.
    const missing = await web().request(`${TEST_ORIGIN}/assets/app-456.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    for (const probe of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json', '/..%2fpackage.json']) {
      const res = await web().request(`${TEST_ORIGIN}${probe}`);
      expect(await res.text()).not.toContain('"name": "classbots"');
    }
  });

  it('keeps unknown /api paths as JSON 404s, not the web app', async () => {
    const res = await web().request(`${TEST_ORIGIN}/api/missing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
