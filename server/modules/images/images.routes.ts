import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import type { GeneratedImage } from '../../../contract/ai';
import { generateImageInput } from '../../../contract/ai';
import type { AppEnv } from '../../lib/context';
import { readJson, requireUser } from '../../lib/context';
import { assertMayGenerateImagesFor } from './images.policy';
import { generateImageFile, readImage } from './images.service';

/**
 * POST /api/images generates and stores one image for a run of a DocBot that allows images;
 * GET /api/images/:id serves it to its owner.
 */
export function imageRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, generateImageInput);
    // Checked before the idempotency key is looked up, so a retried request meets today's rules.
    const bot = await assertMayGenerateImagesFor(c, user, input.botId);
    const fileId = await generateImageFile(c.get('deps'), user, {
      prompt: input.prompt,
      idempotencyKey: input.idempotencyKey,
      botId: bot.id,
    });
    const body: GeneratedImage = { fileId };
    return c.json(body, 201);
  });
  app.get('/:id', async (c) => {
    const user = await requireUser(c);
    const image = await readImage(c.get('deps'), user.id, c.req.param('id'));
    c.header('Content-Type', image.mime);
    c.header('Cache-Control', 'private, max-age=86400');
    return c.body(new Uint8Array(await readFile(image.path)));
  });
  return app;
}
