import { Hono } from 'hono';
import { flagListQuery, reviewFlagInput } from '../../../contract/flags';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson, readQuery } from '../../core/context';
import { idParam } from '../classes';
import { recordNotFound, requireTranscriptReader } from '../assignments';
import { flagNotFound } from './flags.policy';
import { countFlags, getFlag, listFlags, reviewFlag } from './flags.service';

/**
 * /api/flags: a teacher's safety flags and, for a school admin, the school's self-harm alerts.
 * 401 signed out, 403 students; then `flagScope` decides (402 for a free teacher, else 404).
 */
const db = (c: AppContext) => c.get('deps').database.db;
const planSettings = (c: AppContext) => c.get('deps').config;
const flagId = (c: AppContext) => idParam(c.req.param('id') ?? '', flagNotFound);

export function flagsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const reader = await requireTranscriptReader(c);
    const query = readQuery(c, flagListQuery);
    const record = query.record === undefined ? undefined : idParam(query.record, recordNotFound);
    c.header('Cache-Control', 'no-store');
    return c.json(await listFlags(db(c), reader, query, record, planSettings(c)));
  });

  app.get('/count', async (c) => {
    const reader = await requireTranscriptReader(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await countFlags(db(c), reader));
  });

  app.get('/:id', async (c) => {
    const reader = await requireTranscriptReader(c);
    const id = flagId(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getFlag(db(c), reader, id, c.get('deps').config));
  });

  app.post('/:id/review', async (c) => {
    const reader = await requireTranscriptReader(c);
    const id = flagId(c);
    const input = await readJson(c, reviewFlagInput);
    return c.json(await reviewFlag(db(c), reader, id, input, planSettings(c)));
  });

  return app;
}
