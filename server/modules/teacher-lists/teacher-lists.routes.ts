import { Hono } from 'hono';
import { isUuid } from '../../../contract/common';
import { addTeacherInput, confirmImportInput, editTeacherInput, importInput } from '../../../contract/teacher-lists';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson } from '../../core/context';
import { requireSchoolAdmin, SCHOOL_PAGES } from '../../core/access';
import {
  addTeacher,
  confirmImport,
  editTeacher,
  exportTeachers,
  getTeacherList,
  previewImport,
  removeTeacher,
  teacherNotFound,
} from './teacher-lists.service';

/**
 * /api/school-admin/teachers: a school admin's teacher list (issue 18 item 2). Every endpoint is
 * behind requireSchoolAdmin (401 signed out, 403 for anyone but a verified admin of the
 * licence, expired included) and every query is scoped by that licence: another school's row is
 * not found.
 */
const db = (c: AppContext) => c.get('deps').database.db;

/** A teacher row id from the URL: anything that is not a uuid is simply not found. */
function teacherId(c: AppContext): string {
  const id = c.req.param('id');
  if (!isUuid(id)) throw teacherNotFound();
  return id.toLowerCase();
}

export function teacherListRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    c.header('Cache-Control', 'no-store');
    return c.json(await getTeacherList(db(c), admin, c.get('deps').config.supportEmail));
  });

  app.get('/export', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    return exportTeachers(db(c), admin);
  });

  app.post('/', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    const input = await readJson(c, addTeacherInput);
    return c.json(await addTeacher(db(c), admin, input), 201);
  });

  app.post('/import/preview', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    const input = await readJson(c, importInput);
    c.header('Cache-Control', 'no-store');
    return c.json(await previewImport(db(c), admin, input.csv));
  });

  app.post('/import', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    const input = await readJson(c, confirmImportInput);
    return c.json(await confirmImport(db(c), admin, input.csv, input.fingerprint));
  });

  app.patch('/:id', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    const id = teacherId(c);
    const input = await readJson(c, editTeacherInput);
    return c.json(await editTeacher(db(c), admin, id, input.building));
  });

  app.delete('/:id', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    const id = teacherId(c);
    await removeTeacher(db(c), admin, id);
    return c.body(null, 204);
  });

  return app;
}
