import { createHash } from 'node:crypto';
import { buildUser, TEST_ORIGIN, type TestContext } from '../../../tests/harness';

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
