import { Hono } from 'hono';
import type { AppEnv } from '../../core/context';
import { getSessionUser, readOptionalJson } from '../../core/context';
import { requestPremiumInput } from '../../../contract/billing';
import { planOf, requestPremium } from './plan.service';
import { lapsedWorkOf } from './lapsed-work.service';
import { requireTeacherSubscription } from '../../core/access';
import { resolveSubscription } from '../../core/plan';
import { formatMessage, message } from '../../lib/message';
import { requestLocale } from '../../core/locale';

/** GET /api/subscription: the Subscription object, as a bare JSON object; and what a lapsed teacher still has running. */
export function subscriptionRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { database, config } = c.get('deps');
    const user = await getSessionUser(c);
    c.header('Cache-Control', 'no-store');
    const sub = await resolveSubscription(database.db, { user, settings: config });
    return c.json(sub.status === 'error' ? { ...sub, message: formatMessage(message('subscriptionUnchecked'), requestLocale(c)) } : sub);
  });

  // GET /api/subscription/lapsed-work: the signed-in teacher's open assignments and classes.
  app.get('/lapsed-work', async (c) => {
    const { database, config } = c.get('deps');
    const { user, sub } = await requireTeacherSubscription(c, message('forTeachers'));
    c.header('Cache-Control', 'no-store');
    return c.json(await lapsedWorkOf(database.db, user.id, sub, config.ai.quotas.free.text));
  });

  // GET /api/subscription/plan: My Subscription's plan, usage and the actions that fit.
  app.get('/plan', async (c) => {
    const { user, sub } = await requireTeacherSubscription(c, message('subscriptionForTeachers'));
    c.header('Cache-Control', 'no-store');
    return c.json(await planOf(c.get('deps'), user, sub));
  });

  // POST /api/subscription/request-premium: asks this installation's support for premium (once a day).
  app.post('/request-premium', async (c) => {
    const { user, sub } = await requireTeacherSubscription(c, message('premiumForTeachers'));
    const input = await readOptionalJson(c, requestPremiumInput);
    return c.json(await requestPremium(c.get('deps'), user, sub, input.message));
  });
  return app;
}
