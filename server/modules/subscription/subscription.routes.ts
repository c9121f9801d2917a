import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { getSessionUser } from '../../lib/context';
import { resolveSubscription } from './subscription.service';

/** GET /api/subscription: the Subscription object, as a bare JSON object. */
export function subscriptionRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { database, config } = c.get('deps');
    const user = await getSessionUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await resolveSubscription(database.db, { user, supportEmail: config.supportEmail }));
  });
  return app;
}
