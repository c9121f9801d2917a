import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client';
import { logError } from '../../lib/log';
import { findOwnFile, storeBufferAsFile, type FilesDeps } from '../files';
import { resolveSubscription } from '../../core/plan';
import { imageFileName } from './images.service';

/** Where images were written before they were files (migration 0007 removed the columns that named them). */
export const legacyImageDir = (dataDir: string) => path.join(dataDir, 'generated');

const mimeOf: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * Makes files of the images generated before images were files: each DATA_DIR/generated/<id>.<ext>
 * of a complete request becomes a file with the request's id (so a page or a document that holds
 * the id still finds it), stored in the configured storage and counted in its owner's quota, and
 * leaves the folder. An image whose account is gone is deleted with it. Safe to run again: an
 * adopted image is skipped, and one that failed stays for the next start.
 */
export async function adoptLegacyImages(deps: FilesDeps): Promise<{ adopted: number; removed: number; failed: number }> {
  const dir = legacyImageDir(deps.config.dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const tally = { adopted: 0, removed: 0, failed: 0 };
  for (const name of names) {
    const m = /^([0-9a-f-]{36})\.(png|jpg|webp|bin)$/.exec(name);
    if (!m) continue;
    const [, id, ext] = m as unknown as [string, string, string];
    const local = path.join(dir, name);
    try {
      const [request] = await deps.db.select().from(schema.generatedImage).where(eq(schema.generatedImage.id, id));
      const [owner] = request ? await deps.db.select().from(schema.user).where(eq(schema.user.id, request.ownerId)) : [];
      if (!request || !owner || request.status !== 'complete') {
        // The request went with its account (or never finished): its bytes go too.
        await rm(local, { force: true });
        tally.removed++;
        continue;
      }
      if (!(await findOwnFile(deps.db, owner.id, id))) {
        const mime = mimeOf[ext] ?? 'application/octet-stream';
        const subscription = await resolveSubscription(deps.db, {
          user: {
            id: owner.id,
            email: owner.email,
            emailVerified: owner.emailVerified,
            role: owner.role === 'teacher' ? 'teacher' : 'student',
          },
          settings: deps.config,
        });
        await storeBufferAsFile(deps, subscription, {
          id,
          ownerId: owner.id,
          data: await readFile(local),
          name: imageFileName(request.prompt, mime),
          declaredType: mime,
          purpose: 'image',
          exemptFromQuota: true,
        });
        tally.adopted++;
      }
      await rm(local, { force: true });
    } catch (err) {
      tally.failed++;
      logError(null, 'images: adopting a stored image', err);
    }
  }
  if (names.length) await rmdir(dir).catch(() => undefined);
  return tally;
}
