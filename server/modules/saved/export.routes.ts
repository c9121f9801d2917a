import { Hono } from 'hono';
import { exportDocxInput } from '../../../contract/saved';
import type { AppEnv } from '../../core/context';
import { readJson } from '../../core/context';
import { docxResponse } from '../export';
import { requireSavedActor } from './saved.policy';

/**
 * /api/export: DOCX of a runner's output that is not saved yet. It is Saved Docs' download without
 * the saved item, so it is kept here, for the same teachers; the export module only renders.
 */
export function exportRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/docx', async (c) => {
    const actor = await requireSavedActor(c);
    const input = await readJson(c, exportDocxInput);
    return docxResponse(c.get('deps'), actor.userId, input.title, input.markdown, input.fileName);
  });
  return app;
}
