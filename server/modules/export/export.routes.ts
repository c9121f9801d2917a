import { Hono } from 'hono';
import { exportDocxInput } from '../../../contract/saved';
import type { AppEnv } from '../../core/context';
import { readJson } from '../../core/context';
import { requireSavedActor } from '../saved';
import { docxResponse } from './export.service';

/** /api/export: DOCX of a runner's output that is not saved yet (teachers only, like Saved Docs). */
export function exportRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/docx', async (c) => {
    const actor = await requireSavedActor(c);
    const input = await readJson(c, exportDocxInput);
    return docxResponse(c.get('deps'), actor.userId, input.title, input.markdown);
  });
  return app;
}
