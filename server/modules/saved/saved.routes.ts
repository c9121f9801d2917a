import { Hono } from 'hono';
import { createSavedInput, listSavedQuery, updateSavedInput, type SavedConflictBody } from '../../../contract/saved';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson, readQuery } from '../../core/context';
import { staleVersion } from '../../lib/errors';

import { docxResponse } from '../export';
import { requireSavedActor, savedIdParam } from './saved.policy';
import {
  createSaved,
  deleteSaved,
  duplicateSaved,
  getSaved,
  getSavedRow,
  listSaved,
  listSavedBots,
  restoreSaved,
  updateSaved,
} from './saved.service';
import { message } from '../../lib/message';

/**
 * /api/saved: the teacher's Saved Docs. Each handler: session and role, validation, service
 * (scoped to the owner in its where clause), presenter. Endpoints: docs/decisions/077-saved-docs-one-table-three-kinds.md.
 */
const db = (c: AppContext) => c.get('deps').database.db;

export function savedRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const actor = await requireSavedActor(c);
    const query = readQuery(c, listSavedQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await listSaved(db(c), actor, query));
  });

  app.get('/bots', async (c) => {
    const actor = await requireSavedActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listSavedBots(db(c), actor));
  });

  app.post('/', async (c) => {
    const actor = await requireSavedActor(c);
    const input = await readJson(c, createSavedInput);
    return c.json(await createSaved(db(c), actor, input), 201);
  });

  app.get('/:id', async (c) => {
    const actor = await requireSavedActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getSaved(db(c), actor, savedIdParam(c.req.param('id'))));
  });

  app.patch('/:id', async (c) => {
    const actor = await requireSavedActor(c);
    const id = savedIdParam(c.req.param('id'));
    const input = await readJson(c, updateSavedInput);
    const result = await updateSaved(db(c), actor, id, input);
    if ('ok' in result) return c.json(result.ok);
    throw staleVersion<SavedConflictBody>(message('itemChangedElsewhere'), result.conflict);
  });

  app.post('/:id/duplicate', async (c) => {
    const actor = await requireSavedActor(c);
    return c.json(await duplicateSaved(db(c), actor, savedIdParam(c.req.param('id'))), 201);
  });

  app.delete('/:id', async (c) => {
    const actor = await requireSavedActor(c);
    await deleteSaved(db(c), actor, savedIdParam(c.req.param('id')));
    return c.body(null, 204);
  });

  app.post('/:id/restore', async (c) => {
    const actor = await requireSavedActor(c);
    return c.json(await restoreSaved(db(c), actor, savedIdParam(c.req.param('id'))));
  });

  app.get('/:id/export.docx', async (c) => {
    const actor = await requireSavedActor(c);
    const row = await getSavedRow(db(c), actor, savedIdParam(c.req.param('id')));
    const markdown =
      row.kind === 'image' && row.fileId ? `# ${row.title}\n\n![${row.title.replace(/[[\]]/g, '')}](/api/files/${row.fileId})` : row.body;
    return docxResponse(c.get('deps'), actor.userId, row.title, markdown);
  });

  return app;
}
