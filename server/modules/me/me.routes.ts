import { Hono } from 'hono';
import type { Me } from '../../../contract/account';
import type { AppEnv } from '../../core/context';
import { requireUser } from '../../core/context';
import { isSupportUser } from '../../core/access';

/** GET /api/me: who is signed in (401 when nobody is). */
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
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
  return app;
}
