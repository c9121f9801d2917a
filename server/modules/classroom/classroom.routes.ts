import { Hono } from 'hono';
import { classroomCallbackQuery, postCourseworkInput, type ClassroomOutcome } from '../../../contract/classroom';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson, readQuery } from '../../core/context';
import { AppError } from '../../lib/errors';
import { beginConnect, finishConnect } from './classroom.connect';
import { courseIdParam, requireClassroomOwner, requireClassroomTeacher, requireGoogle } from './classroom.policy';
import { classroomStatus, disconnect, importCourse, listCourses, postCoursework } from './classroom.service';

/** A person's browser (Google's redirect back), not a program: it lands on a page. */
const wantsPage = (c: AppContext) => /text\/html/i.test(c.req.header('accept') ?? '');

/** My Students, saying how connecting went (the page shows it once). */
const landing = (c: AppContext, outcome: ClassroomOutcome) => {
  c.header('Cache-Control', 'no-store');
  return c.redirect(`/mystudents?classroom=${outcome}`, 303);
};

/**
 * /api/classroom: a Premium teacher's Google Classroom (docs/decisions/262-google-classroom.md).
 * Each handler: session and role, Google set up here, validation, service. /connect and /callback
 * are the browser's own navigations (GETs, so the Origin check does not apply; the state, bound to
 * the teacher and taken once, stands in for it).
 */
export function classroomRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/status', async (c) => {
    const actor = await requireClassroomOwner(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await classroomStatus(c.get('deps'), actor));
  });

  app.get('/connect', async (c) => {
    const actor = await requireClassroomTeacher(c);
    requireGoogle(c.get('deps').config);
    c.header('Cache-Control', 'no-store');
    return c.redirect(await beginConnect(c.get('deps'), actor), 302);
  });

  // A refusal the teacher's browser meets lands on My Students saying so; programs get the JSON body.
  app.get('/callback', async (c) => {
    try {
      const actor = await requireClassroomTeacher(c);
      requireGoogle(c.get('deps').config);
      const query = readQuery(c, classroomCallbackQuery);
      return landing(c, await finishConnect(c.get('deps'), actor, query));
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500 || !wantsPage(c)) throw err;
      return landing(c, 'failed');
    }
  });

  app.delete('/connection', async (c) => {
    const actor = await requireClassroomOwner(c);
    await disconnect(c.get('deps'), actor);
    return c.body(null, 204);
  });

  app.get('/courses', async (c) => {
    const actor = await requireClassroomTeacher(c);
    requireGoogle(c.get('deps').config);
    c.header('Cache-Control', 'no-store');
    return c.json(await listCourses(c.get('deps'), actor));
  });

  app.post('/courses/:courseId/import', async (c) => {
    const actor = await requireClassroomTeacher(c);
    requireGoogle(c.get('deps').config);
    const courseId = courseIdParam(c.req.param('courseId'));
    const result = await importCourse(c.get('deps'), actor, courseId);
    return c.json(result, result.created ? 201 : 200);
  });

  app.post('/courses/:courseId/coursework', async (c) => {
    const actor = await requireClassroomTeacher(c);
    requireGoogle(c.get('deps').config);
    const courseId = courseIdParam(c.req.param('courseId'));
    const input = await readJson(c, postCourseworkInput);
    const { result, created } = await postCoursework(c.get('deps'), actor, courseId, input);
    return c.json(result, created ? 201 : 200);
  });

  return app;
}
