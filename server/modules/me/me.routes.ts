import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { Me } from '../../../contract/account';
import { setLocaleInput } from '../../../contract/locale';
import type { AppEnv } from '../../core/context';
import { readJson, requireUser } from '../../core/context';
import { isSupportUser } from '../../core/access';
import { sessionsChanged } from '../../core/session-changes';
import { schema } from '../../db/client';

/**
 * GET /api/me: who is signed in (401 when nobody is), with their language. PATCH /api/me/locale:
 * any signed-in person sets (or, with null, clears) their own language (decision 272).
 */
export function meRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const user = await requireUser(c);
    const body: Me = {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      isSupport: isSupportUser(user, c.get('deps').config.supportEmail),
      locale: user.locale ?? null,
      classLocale: user.classLocale ?? null,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  app.patch('/locale', async (c) => {
    const user = await requireUser(c);
    const { locale } = await readJson(c, setLocaleInput);
    const db = c.get('deps').database.db;
    await db.update(schema.user).set({ locale, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
    // The remembered sessions carry the old language: every process forgets them.
    await sessionsChanged(db, user.id);
    return c.json({ locale });
  });
  return app;
}
