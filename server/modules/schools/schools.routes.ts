import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { MySchool } from '../../../contract/schools';
import { schema } from '../../db/client';
import { requireUser, type AppEnv } from '../../core/context';
import { AppError } from '../../lib/errors';
import { resolveSubscription } from '../../core/plan';
import { message } from '../../lib/message';

/**
 * GET /api/school: the licence the signed-in user resolved to (404 when none). The admins' export
 * and deletion of a student's record sit beside it, in the records module (schoolRecordRoutes).
 */
export function schoolRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const user = await requireUser(c);
    const { database, config } = c.get('deps');
    const sub = await resolveSubscription(database.db, { user, settings: config });
    // Scoped by the resolution itself: only a licence the user matched is ever read.
    const [licence] = sub.school_id
      ? await database.db.select().from(schema.schoolLicence).where(eq(schema.schoolLicence.id, sub.school_id))
      : [];
    if (!licence) throw new AppError('not_found', 404, message('notInSchool'));
    const body: MySchool = {
      id: licence.id,
      name: licence.schoolname,
      domain: licence.domain,
      logoUrl: licence.logoUrl,
      expiration: licence.expiration,
    };
    return c.json(body);
  });

  return app;
}
