import { Hono } from 'hono';
import { awardTrophyInput } from '../../../contract/trophies';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson, requireUser } from '../../core/context';
import { idParam } from '../classes';
import { assignmentNotFound, recordNotFound, requireAssignmentReducer, requireAssignmentTeacher } from '../assignments';
import { trophyNotFound } from './trophies.policy';
import { awardTrophy, getMyTrophies, listRecordTrophies, restoreTrophy, takeBackTrophy } from './trophies.service';

/**
 * Trophies' endpoints. The teacher side (mounted on /api/assignments) is the assignments' gate:
 * 401 signed out, 403 students, 402 a teacher without Premium (except taking back), 404 another teacher's. The student
 * side (/api/my-trophies) is any signed-in person's own records only.
 */
const db = (c: AppContext) => c.get('deps').database.db;
const assignmentId = (c: AppContext) => idParam(c.req.param('id') ?? '', assignmentNotFound);
const recordId = (c: AppContext) => idParam(c.req.param('recordId') ?? '', recordNotFound);

/** /api/assignments/:id/students/:recordId/trophies. */
export function recordTrophiesRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/:id/students/:recordId/trophies', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listRecordTrophies(db(c), actor, assignmentId(c), recordId(c)));
  });

  app.post('/:id/students/:recordId/trophies', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    const id = assignmentId(c);
    const record = recordId(c);
    const input = await readJson(c, awardTrophyInput);
    return c.json(await awardTrophy(db(c), actor, id, record, input), 201);
  });

  app.delete('/:id/students/:recordId/trophies/:trophyId', async (c) => {
    // Taking an award back only reduces: allowed to the owner even when their plan has lapsed.
    const actor = await requireAssignmentReducer(c);
    const trophyId = idParam(c.req.param('trophyId'), trophyNotFound);
    await takeBackTrophy(db(c), actor, assignmentId(c), recordId(c), trophyId);
    return c.body(null, 204);
  });

  app.post('/:id/students/:recordId/trophies/:trophyId/restore', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    const trophyId = idParam(c.req.param('trophyId'), trophyNotFound);
    return c.json(await restoreTrophy(db(c), actor, assignmentId(c), recordId(c), trophyId));
  });

  return app;
}

/** /api/my-trophies: the signed-in person's Trophy Chart. */
export function myTrophiesRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getMyTrophies(db(c), user.id));
  });
  return app;
}
