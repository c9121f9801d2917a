import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedDetail, SavedPage } from '../../../contract/saved';
import { createTestContext, signedIn, TestClient, type TestContext } from '../../../tests/harness';
import { makeImage } from './saved.test-helpers';

// Only the owner sees and changes their Saved Docs: another teacher gets "not found", a student 403.
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
let item: SavedDetail;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signedIn(ctx, { role: 'teacher' });
  item = (await owner.client.json<SavedDetail>('POST', '/api/saved', { kind: 'document', body: '# Private quiz\n\nsecret answer key' }))
    .body;
});
afterAll(() => ctx.close());

const endpoints = (id: string): [string, string, unknown?][] => [
  ['GET', '/api/saved'],
  ['GET', '/api/saved/bots'],
  ['POST', '/api/saved', { kind: 'document', body: '# x' }],
  ['GET', `/api/saved/${id}`],
  ['PATCH', `/api/saved/${id}`, { version: 1, title: 'Mine now' }],
  ['POST', `/api/saved/${id}/duplicate`],
  ['DELETE', `/api/saved/${id}`],
  ['POST', `/api/saved/${id}/restore`],
  ['GET', `/api/saved/${id}/export.docx`],
  ['POST', '/api/export/docx', { title: 'x', markdown: '# x' }],
];

describe('access', () => {
  it('refuses every endpoint signed out with 401', async () => {
    const anon = new TestClient(ctx);
    for (const [method, url, body] of endpoints(item.id)) {
      const res = await anon.request(method, url, body);
      expect([method, url, res.status]).toEqual([method, url, 401]);
    }
  });

  it('refuses every endpoint to a student with 403', async () => {
    const { client } = await signedIn(ctx, { role: 'student' });
    for (const [method, url, body] of endpoints(item.id)) {
      const res = await client.json<{ error: { code: string } }>(method, url, body);
      expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 403, 'forbidden']);
    }
  });

  it("shows another teacher's item to nobody else: not in their list or search, and 404 on every item endpoint", async () => {
    const { client } = await signedIn(ctx, { role: 'teacher' });
    const list = await client.json<SavedPage>('GET', '/api/saved?q=secret');
    expect(list.body.items).toEqual([]);
    for (const [method, url, body] of endpoints(item.id).filter(([, url]) => url.includes(item.id))) {
      const res = await client.json<{ error: { code: string } }>(method, url, body);
      expect([method, url, res.status, res.body.error.code]).toEqual([method, url, 404, 'not_found']);
    }
    // The owner's item is untouched.
    const mine = await owner.client.json<SavedDetail>('GET', `/api/saved/${item.id}`);
    expect(mine.body).toMatchObject({ title: 'Private quiz', version: 1 });
  });

  it("never embeds another user's image in an export, saved or not: its alt text stands in its place", async () => {
    const other = await signedIn(ctx, { role: 'teacher' });
    const theirs = await makeImage(ctx, { ...other.user, role: 'teacher' });
    const markdown = `Before\n\n![their image](/api/files/${theirs.id})\n\nAfter`;
    const saved = await owner.client.json<SavedDetail>('POST', '/api/saved', { kind: 'document', body: markdown });
    const mammoth = (await import('mammoth')).default;
    for (const res of [
      await owner.client.request('POST', '/api/export/docx', { title: 'Peek', markdown }),
      await owner.client.get(`/api/saved/${saved.body.id}/export.docx`),
    ]) {
      expect(res.status).toBe(200);
      const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(await res.arrayBuffer()) });
      expect(value).not.toContain('<img');
      expect(value).toBe('<p>Before</p><p><em>their image</em></p><p>After</p>');
    }
  });
});
