import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo } from '../../../contract/files';
import type { DiscardFilesResult, KeepFilesResult } from '../../../contract/my-files';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestClient, type TestContext } from '../../../tests/harness';
import { accessCast } from '../bots/bots.test-helpers';

// Issue 39, item 12: Keep (POST /api/files/keep) and Discard (POST /api/files/discard) act on the
// caller's own uploads only. Another teacher, at the same school, another school or none, cannot
// keep the owner's waiting upload (404) nor discard it (nothing happens); students are refused
// (403); signed out is 401. A free teacher keeps and discards their own, as they may delete them.

let ctx: TestContext;
let cast: Awaited<ReturnType<typeof accessCast>>;
let waiting: string;

async function editorUpload(client: TestClient, text: string, name: string) {
  const form = new FormData();
  form.set('file', new File([text], name, { type: 'text/plain' }));
  form.set('purpose', 'knowledge');
  form.set('pending', 'true');
  const res = await client.request('POST', '/api/files', form);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
  return (await res.json()) as FileInfo;
}

beforeAll(async () => {
  ctx = await createTestContext();
  cast = await accessCast(ctx);
  waiting = (await editorUpload(cast.owner.client, 'Owner notes', 'owner.txt')).id;
});
afterAll(() => ctx.close());

type ErrorJson = { error: { code: string } };
const outcome = async (client: TestClient, url: string, ids: string[]) => {
  const res = await client.json<ErrorJson>('POST', url, { ids });
  return [res.status, res.body.error?.code];
};
/** The owner's upload is still there and still waiting. */
const stillWaiting = async () => {
  const [row] = await ctx.database.db.select().from(schema.file).where(eq(schema.file.id, waiting));
  expect(row?.pendingUntil).toBeInstanceOf(Date);
};

describe('who may keep and discard whose uploads', () => {
  it('another teacher, at the same school, another school or none: keep is 404, discard does nothing', async () => {
    for (const client of [cast.sameSchool, cast.otherSchool, cast.otherTeacher]) {
      expect(await outcome(client, '/api/files/keep', [waiting])).toEqual([404, 'not_found']);
      const discard = await client.json<DiscardFilesResult>('POST', '/api/files/discard', { ids: [waiting] });
      expect([discard.status, discard.body.discarded]).toEqual([200, []]);
    }
    await stillWaiting();
  });

  it('a student, and a school’s student whose account says teacher, are refused (403)', async () => {
    for (const client of [cast.student, cast.schoolStudent]) {
      expect(await outcome(client, '/api/files/keep', [waiting])).toEqual([403, 'forbidden']);
      expect(await outcome(client, '/api/files/discard', [waiting])).toEqual([403, 'forbidden']);
    }
    await stillWaiting();
  });

  it('signed out is 401', async () => {
    expect(await outcome(cast.signedOut, '/api/files/keep', [waiting])).toEqual([401, 'unauthenticated']);
    expect(await outcome(cast.signedOut, '/api/files/discard', [waiting])).toEqual([401, 'unauthenticated']);
    await stillWaiting();
  });

  it('a free teacher keeps and discards their own, and mixing in the owner’s touches only their own', async () => {
    const free = await signedIn(ctx, { role: 'teacher' });
    const [a, b] = [await editorUpload(free.client, 'one', 'a.txt'), await editorUpload(free.client, 'two', 'b.txt')];
    const kept = await free.client.json<KeepFilesResult>('POST', '/api/files/keep', { ids: [a.id, waiting] });
    expect([kept.status, kept.body.kept]).toEqual([200, [a.id]]);
    const discarded = await free.client.json<DiscardFilesResult>('POST', '/api/files/discard', { ids: [b.id, waiting] });
    expect([discarded.status, discarded.body.discarded]).toEqual([200, [b.id]]);
    await stillWaiting();
  });
});
