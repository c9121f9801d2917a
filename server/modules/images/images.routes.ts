import { Hono } from 'hono';
import type { GeneratedImage } from '../../../contract/ai';
import { generateImageInput } from '../../../contract/ai';
import type { AppEnv } from '../../core/context';
import { readJson, requireUser } from '../../core/context';
import { serveFile } from '../files';
import { assertMayGenerateImagesFor } from './images.policy';
import { generateImageFile } from './images.service';

/**
 * POST /api/images generates one image for a run of a DocBot that allows images and stores it as
 * a file of the caller; GET /api/images/:id is the older address of that file, served by the
 * files read rule (the web app uses /api/files/:id).
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
  app.get('/:id', (c) => serveFile(c, c.req.param('id')));
  return app;
}
