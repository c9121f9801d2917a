import { Hono } from 'hono';
import { z } from 'zod';
import { botKind, createCollectionInput, renameCollectionInput, reorderCollectionsInput } from '../../../contract/bots';
import type { AppEnv } from '../../core/context';
import { readJson, readQuery } from '../../core/context';
import { requireBotActor } from './bots.policy';
import {
  collectionIdParam,
  createCollection,
  deleteCollection,
  listCollections,
  renameCollection,
  reorderCollections,
} from './collections.service';

const kindQuery = z.object({ kind: botKind });

/** /api/collections: a teacher's folders in each library; only ever their own. */
export function collectionsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const actor = await requireBotActor(c);
    const { kind } = readQuery(c, kindQuery);
    c.header('Cache-Control', 'no-store');
    return c.json({ collections: await listCollections(c.get('deps').database.db, actor, kind) });
  });

  app.post('/', async (c) => {
    const actor = await requireBotActor(c);
    const input = await readJson(c, createCollectionInput);
    return c.json(await createCollection(c.get('deps').database.db, actor, input), 201);
  });

  app.put('/order', async (c) => {
    const actor = await requireBotActor(c);
    const input = await readJson(c, reorderCollectionsInput);
    return c.json({ collections: await reorderCollections(c.get('deps').database.db, actor, input) });
  });

  app.patch('/:id', async (c) => {
    const actor = await requireBotActor(c);
    const id = collectionIdParam(c.req.param('id'));
    const { name } = await readJson(c, renameCollectionInput);
    return c.json(await renameCollection(c.get('deps').database.db, actor, id, name));
  });

  app.delete('/:id', async (c) => {
    const actor = await requireBotActor(c);
    await deleteCollection(c.get('deps').database.db, actor, collectionIdParam(c.req.param('id')));
    return c.body(null, 204);
  });

  return app;
}
