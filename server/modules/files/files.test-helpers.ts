import { createHash } from 'node:crypto';
import type { FileInfo } from '../../../contract/files';
import { buildUser, TEST_ORIGIN, type TestClient, type TestContext } from '../../../tests/harness';

/** A signed-in client that can send any body (multipart forms, tus chunks). */
export async function fileClient(ctx: TestContext, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(ctx, overrides);
  const res = await ctx.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, 'content-type': 'application/json', 'X-Forwarded-For': '203.0.113.20' },
    body: JSON.stringify({ email: user.email, password: 'password123' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const send = (method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}) =>
    ctx.app.request(`${TEST_ORIGIN}${url}`, {
      method,
      body,
      headers: { Origin: TEST_ORIGIN, Cookie: cookie, 'X-Forwarded-For': '203.0.113.20', ...headers },
    });
  const upload = (data: Buffer | string, name: string, type: string, purpose = 'knowledge') => {
    const form = new FormData();
    form.set('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type }));
    form.set('purpose', purpose);
    return send('POST', '/api/files', form);
  };
  return { user, cookie, send, upload };
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export type ErrorJson = { error: { code: string; message: string; requestId: string } };

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd8ad10000000049454e44ae426082',
  'hex',
);

/** Uploads a small file through POST /api/files and returns its info. */
export async function uploadVia(client: TestClient, data: Buffer | string, name: string, type: string, purpose = 'knowledge') {
  const form = new FormData();
  form.set('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type }));
  form.set('purpose', purpose);
  const res = await client.request('POST', '/api/files', form);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as FileInfo;
}
