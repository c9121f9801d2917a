import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SavedDetail } from '../../../contract/saved';
import { schema } from '../../db/client';
import { createTestContext, signedIn, type TestContext } from '../../../tests/harness';
import { tinyPng } from '../saved/saved.test-helpers';
import { filesRuntime } from '../files/files.runtime';
import { adoptLegacyImages, legacyImageDir } from './images.legacy';

/**
 * Images generated before images were files lie in DATA_DIR/generated/<id>.png with a complete
 * request row; at start-up they become files with the same id, so an id a page or document holds
 * keeps working.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const deps = () => ({ db: ctx.database.db, config: ctx.config });

/** An image as the old code left it: a complete request row and its bytes in DATA_DIR/generated. */
async function oldImage(ownerId: string, prompt: string) {
  const [row] = await ctx.database.db
    .insert(schema.generatedImage)
    .values({ ownerId, idempotencyKey: `k-${prompt}`, status: 'complete', prompt })
    .returning();
  mkdirSync(legacyImageDir(ctx.dataDir), { recursive: true });
  const file = path.join(legacyImageDir(ctx.dataDir), `${row!.id}.png`);
  writeFileSync(file, tinyPng);
  return { id: row!.id, file };
}

describe('adopting images stored before images were files', () => {
  it('makes each a file of its owner with the same id, served, savable and counted, and empties the old folder', async () => {
    const { user, client } = await signedIn(ctx, { role: 'teacher' });
    const a = await oldImage(user.id, 'A volcano');
    const b = await oldImage(user.id, 'A glacier');
    // An image whose account is gone (its request went with it): its bytes go too.
    const orphan = path.join(legacyImageDir(ctx.dataDir), '00000000-0000-4000-8000-0000000000aa.png');
    writeFileSync(orphan, tinyPng);

    expect(await adoptLegacyImages(deps())).toEqual({ adopted: 2, removed: 1, failed: 0 });
    for (const { id, file } of [a, b]) {
      const [row] = await ctx.database.db.select().from(schema.file).where(eq(schema.file.id, id));
      expect(row).toMatchObject({ ownerId: user.id, purpose: 'image', status: 'ready', sniffedType: 'image/png', size: tinyPng.length });
      expect(await filesRuntime(ctx.config).storage.exists(`files/${id}`)).toBe(true);
      expect(existsSync(file)).toBe(false);
      const served = await client.get(`/api/images/${id}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(tinyPng)).toBe(true);
    }
    expect(existsSync(legacyImageDir(ctx.dataDir))).toBe(false);
    const saved = await client.json<SavedDetail>('POST', '/api/saved', { kind: 'image', fileId: a.id });
    expect([saved.status, saved.body.title]).toEqual([201, 'A volcano.png']);
    expect((await client.json<{ usedBytes: number }>('GET', '/api/files/usage')).body.usedBytes).toBe(2 * tinyPng.length);

    // A second start finds nothing to do.
    expect(await adoptLegacyImages(deps())).toEqual({ adopted: 0, removed: 0, failed: 0 });
  });

  it('adopts whatever the quota says, since the bytes were already kept on the server', async () => {
    const { user } = await signedIn(ctx, { role: 'teacher' });
    // Stands for a teacher whose uploads already fill the quota.
    await ctx.database.db.insert(schema.file).values({
      id: '00000000-0000-4000-8000-0000000000bb',
      ownerId: user.id,
      name: 'big.pdf',
      size: ctx.config.files.quotaFreeBytes,
      declaredType: 'application/pdf',
      sniffedType: 'application/pdf',
      purpose: 'knowledge',
      status: 'ready',
      storageKey: 'files/00000000-0000-4000-8000-0000000000bb',
      sha256: '0'.repeat(64),
    });
    const old = await oldImage(user.id, 'A comet');
    expect(await adoptLegacyImages(deps())).toEqual({ adopted: 1, removed: 0, failed: 0 });
    expect(await ctx.database.db.select().from(schema.file).where(eq(schema.file.id, old.id))).toHaveLength(1);
  });
});
