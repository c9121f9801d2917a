import { Hono } from 'hono';
import { installationCrisisLines, schoolSafetySettings } from '../../../contract/crisis-lines';
import type { AppEnv } from '../../core/context';
import { readJson, requireUser } from '../../core/context';
import { requireSchoolAdmin, requireSupport, SCHOOL_PAGES } from '../../core/access';
import { installationLinesView, schoolSafety, setInstallationLines, setSchoolSafety } from './crisis-lines.service';

/**
 * /api/superdash/crisis-lines: the installation's crisis lines for each language (the support
 * account only: 401 signed out, 403 everyone else). The whole setting is read and replaced at once.
 */
export function installationCrisisLinesRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    await requireSupport(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await installationLinesView(c.get('deps').database.db));
  });
  app.put('/', async (c) => {
    const user = await requireSupport(c);
    const input = await readJson(c, installationCrisisLines);
    c.header('Cache-Control', 'no-store');
    return c.json(await setInstallationLines(c.get('deps').database.db, input, { kind: 'support', userId: user.id, email: user.email }));
  });
  return app;
}

/**
 * /api/school-admin/safety: a school's crisis lines and its reporting guidance for safeguarding
 * flags (the school's admins only: 401 signed out, 403 anyone else). Scoped by the admin's own
 * licence: no school id is ever read from the request.
 */
export function schoolSafetyRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    await requireUser(c);
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    c.header('Cache-Control', 'no-store');
    return c.json(await schoolSafety(c.get('deps').database.db, admin.schoolId));
  });
  app.put('/', async (c) => {
    const admin = await requireSchoolAdmin(c, SCHOOL_PAGES);
    const input = await readJson(c, schoolSafetySettings);
    c.header('Cache-Control', 'no-store');
    return c.json(
      await setSchoolSafety(c.get('deps').database.db, admin.schoolId, input, {
        kind: 'admin',
        userId: admin.userId,
        email: admin.user.email,
      }),
    );
  });
  return app;
}
