import { Hono } from 'hono';
import { schoolStudentQuery } from '../../../contract/records';
import { readQuery, type AppEnv } from '../../core/context';
import { requireSchoolAdmin, SCHOOL_RECORDS } from '../../core/access';
import { requireAssignmentReducer, requireAssignmentTeacher, studentNotFound } from '../assignments';
import { idParam } from '../classes';
import { deleteForSchool, deleteForTeacher, exportForSchool, exportForTeacher, recordZipResponse } from './records.service';

/**
 * Under /api/students, beside the student page: a premium teacher's export of one student of their
 * rosters (GET /:entryId/export) and the deletion of what this teacher holds of them (DELETE /:entryId/data).
 */
export function studentRecordRoutes() {
  const app = new Hono<AppEnv>();

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

/**
 * Under /api/school: the school's admins export (GET /students/export?email=) and delete
 * (DELETE /students?email=) a student's record across the school's teachers.
 */
export function schoolRecordRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/students/export', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_RECORDS);
    const { email } = readQuery(c, schoolStudentQuery);
    const { database, config } = c.get('deps');
    return recordZipResponse(await exportForSchool(database.db, admin, email, config));
  });

  app.delete('/students', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_RECORDS);
    const { email } = readQuery(c, schoolStudentQuery);
    const { database, config } = c.get('deps');
    return c.json(await deleteForSchool(database.db, admin, email, config));
  });

  return app;
}
