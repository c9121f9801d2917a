import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyFilesPage } from '../../../contract/my-files';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestClient, type TestContext } from '../../../tests/harness';
import { accessCast } from '../bots/bots.test-helpers';
import { uploadVia } from './files.test-helpers';

// Issue 25: My Files (GET /api/files/mine, POST /api/files/delete, DELETE /api/files/:id) shows and
// deletes only the caller's own files. Another teacher, at the same school or another, finds the
// owner's files missing (404); students are refused (403); signed out is 401. A free teacher and one
// whose plan lapsed may list and delete their own files: deleting is how a full quota is left.
// A refused request deletes nothing.

let ctx: TestContext;
let cast: Awaited<ReturnType<typeof accessCast>>;
let ownerFile: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cast = await accessCast(ctx);
  ownerFile = (await uploadVia(cast.owner.client, 'Owner notes', 'owner.txt', 'text/plain')).id;
});
afterAll(() => ctx.close());

type ErrorJson = { error: { code: string } };
const outcome = async (client: TestClient, method: string, url: string, body?: unknown) => {
  const res = await client.json<ErrorJson>(method, url, body);
  return [res.status, res.body.error?.code];
};
const ownerStillHasIt = async () => {
  const page = await cast.owner.client.json<MyFilesPage>('GET', '/api/files/mine');
  expect(page.body.files.map((f) => f.id)).toEqual([ownerFile]);
};

describe('who may see and delete whose files', () => {
  it('another teacher, at the same school, another school or none: the owner’s files are not theirs to see or delete (404)', async () => {
    for (const client of [cast.sameSchool, cast.otherSchool, cast.otherTeacher]) {
      const list = await client.json<MyFilesPage>('GET', '/api/files/mine');
      expect(list.status).toBe(200);
      expect(list.body.files).toEqual([]);
      expect(list.body.totals.usedBytes).toBe(0);
      expect(await outcome(client, 'POST', '/api/files/delete', { ids: [ownerFile] })).toEqual([404, 'not_found']);
      expect((await client.request('DELETE', `/api/files/${ownerFile}`)).status).toBe(404);
    }
    await ownerStillHasIt();
  });

  it('a student, and a school’s student whose account says teacher, are refused (403)', async () => {
    for (const client of [cast.student, cast.schoolStudent]) {
      expect(await outcome(client, 'GET', '/api/files/mine')).toEqual([403, 'forbidden']);
      expect(await outcome(client, 'POST', '/api/files/delete', { ids: [ownerFile] })).toEqual([403, 'forbidden']);
    }
    await ownerStillHasIt();
  });

  it('signed out is 401', async () => {
    expect(await outcome(cast.signedOut, 'GET', '/api/files/mine')).toEqual([401, 'unauthenticated']);
    expect(await outcome(cast.signedOut, 'POST', '/api/files/delete', { ids: [ownerFile] })).toEqual([401, 'unauthenticated']);
    await ownerStillHasIt();
  });

  it('a free teacher and a teacher whose plan lapsed list and delete their own files', async () => {
    const free = await signedIn(ctx, { role: 'teacher' });
    const lapsed = await signedIn(ctx, { role: 'teacher' });
    await ctx.database.db.insert(schema.customerSubscription).values({
      userId: lapsed.user.id,
      status: 'active',
      provider: 'manual',
      currentPeriodEnd: new Date(Date.now() - 86_400_000),
    });
    for (const { client } of [free, lapsed]) {
      const [a, b] = [await uploadVia(client, 'one', 'a.txt', 'text/plain'), await uploadVia(client, 'two', 'b.txt', 'text/plain')];
      const list = await client.json<MyFilesPage>('GET', '/api/files/mine');
      expect([list.status, list.body.files.length, list.body.totals.quotaBytes]).toEqual([200, 2, ctx.config.files.quotaFreeBytes]);
      expect((await client.json('POST', '/api/files/delete', { ids: [a.id] })).status).toBe(200);
      expect((await client.request('DELETE', `/api/files/${b.id}`)).status).toBe(204);
      expect((await client.json<MyFilesPage>('GET', '/api/files/mine')).body.files).toEqual([]);
    }
    await ownerStillHasIt();
  });

  it('mixing the owner’s file into a delete of one’s own deletes only one’s own', async () => {
    const mixer = await signedIn(ctx, { role: 'teacher' });
    const own = await uploadVia(mixer.client, 'mine', 'mine.txt', 'text/plain');
    const res = await mixer.client.json<{ deleted: string[] }>('POST', '/api/files/delete', { ids: [own.id, ownerFile] });
    expect([res.status, res.body.deleted]).toEqual([200, [own.id]]);
    await ownerStillHasIt();
  });
});
