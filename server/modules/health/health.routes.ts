import { Hono } from 'hono';
import type { Health } from '../../../contract/health';
import { aiProviderName } from '../../ai/runtime';
import type { AppEnv } from '../../core/context';
import { version } from '../../lib/version';

/** GET /api/health: 200 while the database answers, 503 when it does not; the AI provider does not change it. */
export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { database } = c.get('deps');
    let ok = true;
    try {
      await Promise.race([database.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref())]);
    } catch {
      ok = false;
    }
    const body: Health = { status: ok ? 'ok' : 'unavailable', database: database.kind, version, ai: aiProviderName(c.get('deps')) };
    c.header('Cache-Control', 'no-store');
    return c.json(body, ok ? 200 : 503);
  });
  return app;
}
