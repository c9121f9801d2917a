import { Hono } from 'hono';
import type { AppEnv } from '../../core/context';
import { idParam } from '../classes';
import { requireAssignmentTeacher, studentNotFound } from './assignments.policy';
import { getStudentPage } from './students.service';

/**
 * /api/students/:entryId: a premium teacher's page of one student of their rosters. The student's
 * record as one download and its deletion sit beside it, in the records module (studentRecordRoutes).
 */
export function studentsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/:entryId', async (c) => {
    const actor = await requireAssignmentTeacher(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getStudentPage(c.get('deps').database.db, actor, idParam(c.req.param('entryId'), studentNotFound)));
  });

  return app;
}
