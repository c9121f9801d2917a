import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { generateImageInput, type GeneratedImage } from '../../../contract/ai';
import type { AppEnv } from '../../lib/context';
import { readJson, requireUser } from '../../lib/context';
import { generateImageFile, readImage } from './images.service';

/** POST /api/images generates and stores one image; GET /api/images/:id serves it to its owner. */
export function imageRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, generateImageInput);
    const body: GeneratedImage = { fileId: await generateImageFile(c.get('deps'), user, input.prompt, input.idempotencyKey) };
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
