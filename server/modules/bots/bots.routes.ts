import { Hono } from 'hono';
import {
  botRouteParams,
  copyBotInput,
  createBotInput,
  findBotsQuery,
  recentRunsQuery,
  listBotsQuery,
  moveBotInput,
  shareBotInput,
  startRunInput,
  updateBotInput,
} from '../../../contract/bots';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson, readOptionalJson, readQuery } from '../../core/context';
import { requestLocale } from '../../core/locale';
import { botIdParam, requireBotActor } from './bots.policy';
import { findBotIcon, iconResponse } from './bot-icon.service';

import { findBots, getBot, listBots } from './library.service';
import { listBotRuns, listRecentRuns, startBotRun } from './run-spec';
import { copyBot, createBot, deleteBot, moveBot, restoreBot, shareBot, touchBot, updateBot } from './mutate.service';

/**
 * /api/bots: the library, the editors' saves and the runners' start. Each handler runs session
 * and role, validation, service (scoped to the actor), presenter. Endpoints: docs/decisions/054-bot-endpoints-and-visibility.md.
 */
const db = (c: AppContext) => c.get('deps').database.db;

export function botsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const actor = await requireBotActor(c);
    const query = readQuery(c, listBotsQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await listBots(db(c), actor, query, requestLocale(c)));
  });

  // Before /:id, which would take "find" for an id.
  app.get('/find', async (c) => {
    const actor = await requireBotActor(c);
    const query = readQuery(c, findBotsQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await findBots(db(c), actor, query, requestLocale(c)));
  });

  app.get('/recent-runs', async (c) => {
    const actor = await requireBotActor(c);
    const query = readQuery(c, recentRunsQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await listRecentRuns(db(c), actor, query, requestLocale(c)));
  });

  app.post('/', async (c) => {
    const actor = await requireBotActor(c);
    const input = await readJson(c, createBotInput);
    return c.json(await createBot(db(c), actor, input), 201);
  });

  app.get('/:id', async (c) => {
    const actor = await requireBotActor(c);
    const id = botIdParam(c.req.param('id'));
    const params = readQuery(c, botRouteParams);
    c.header('Cache-Control', 'no-store');
    return c.json(await getBot(db(c), actor, id, params, requestLocale(c)));
  });

  // The uploaded icon, to whoever may see the bot (the file itself stays its owner's: /api/files).
  app.get('/:id/icon', async (c) => {
    const actor = await requireBotActor(c);
    const id = botIdParam(c.req.param('id'));
    return iconResponse(c, await findBotIcon(db(c), actor, id));
  });

  app.put('/:id', async (c) => {
    const actor = await requireBotActor(c);
    const id = botIdParam(c.req.param('id'));
    const input = await readJson(c, updateBotInput);
    return c.json(await updateBot(db(c), actor, id, input));
  });

  app.delete('/:id', async (c) => {
    const actor = await requireBotActor(c);
    await deleteBot(db(c), actor, botIdParam(c.req.param('id')));
    return c.body(null, 204);
  });

  app.post('/:id/restore', async (c) => {
    const actor = await requireBotActor(c);
    return c.json(await restoreBot(db(c), actor, botIdParam(c.req.param('id'))));
  });

  app.post('/:id/copy', async (c) => {
    const actor = await requireBotActor(c);
    const id = botIdParam(c.req.param('id'));
    const input = await readOptionalJson(c, copyBotInput);
    return c.json(await copyBot(db(c), actor, id, input), 201);
  });

  app.put('/:id/visibility', async (c) => {
    const actor = await requireBotActor(c);
    const id = botIdParam(c.req.param('id'));
    const { visibility } = await readJson(c, shareBotInput);
    return c.json(await shareBot(db(c), actor, id, visibility));
  });

  app.put('/:id/collection', async (c) => {
    const actor = await requireBotActor(c);
    const id = botIdParam(c.req.param('id'));
    const { collectionId } = await readJson(c, moveBotInput);
    return c.json(await moveBot(db(c), actor, id, collectionId));
  });

  app.post('/:id/runs', async (c) => {
    const actor = await requireBotActor(c);
    const id = botIdParam(c.req.param('id'));
    const input = await readOptionalJson(c, startRunInput);
    return c.json(await startBotRun(db(c), actor, id, input, requestLocale(c)), 201);
  });

  app.get('/:id/runs', async (c) => {
    const actor = await requireBotActor(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listBotRuns(db(c), actor, botIdParam(c.req.param('id'))));
  });

  app.post('/:id/touch', async (c) => {
    const actor = await requireBotActor(c);
    await touchBot(db(c), actor, botIdParam(c.req.param('id')));
    return c.body(null, 204);
  });

  return app;
}
