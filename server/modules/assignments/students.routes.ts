import { Hono } from 'hono';
import type { AppEnv } from '../../core/context';
import { idParam } from '../classes';
import { requireAssignmentReducer, requireAssignmentTeacher, studentNotFound } from './assignments.policy';
import { getStudentPage } from './students.service';
import { deleteForTeacher, exportForTeacher, recordZipResponse } from '../records';

/**
 * /api/students/:entryId: a premium teacher's page of one student of their rosters, the student's
 * record as one download (export) and the deletion of what this teacher holds of them (data).
 */
export function studentsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/:entryId', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getStudentPage(c.get('deps').database.db, actor, idParam(c.req.param('entryId'), studentNotFound)));
  });

  app.get('/:entryId/export', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    const entryId = idParam(c.req.param('entryId'), studentNotFound);
    return recordZipResponse(await exportForTeacher(c.get('deps').database.db, actor, entryId));
  });

  app.delete('/:entryId/data', async (c) => {
    // Deleting what the teacher holds only reduces: allowed even when their plan has lapsed.
    const actor = await requireAssignmentReducer(c);
    const entryId = idParam(c.req.param('entryId'), studentNotFound);
    return c.json(await deleteForTeacher(c.get('deps').database.db, actor, entryId));
  });

  return app;
}
