import { Hono } from 'hono';
import type { AiStatus } from '../../../contract/ai';
import { aiProviderName } from '../../ai/runtime';
import type { AppEnv } from '../../core/context';
import { requireUser } from '../../core/context';
import { requestLocale } from '../../core/locale';
import { monthUsage, monthWindow, resolvePool } from './usage.service';
import { formatMessage, message } from '../../lib/message';

const testNotice = message('aiTestProvider');

/** GET /api/ai: what the AI engine offers here and the caller's usage this month. */
export function aiStatusRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const user = await requireUser(c);
    const deps = c.get('deps');
    const { ai } = deps.config;
    const pool = await resolvePool(deps.database.db, ai, user.id, deps.config);
    const used = await monthUsage(deps.database.db, user.id);
    const provider = aiProviderName(deps);
    const notice = provider === 'not configured' ? message('aiStoredNotConfigured') : ai.testProvider ? testNotice : null;
    const body: AiStatus = {
      provider,
      images: Boolean(ai.provider && (ai.provider.kind === 'gemini' || ai.provider.imageModel)),
      testProvider: ai.testProvider,
      notice: notice && formatMessage(notice, requestLocale(c)),
      usage: {
        text: { used: used.text, limit: pool.limits.text },
        images: { used: used.images, limit: pool.limits.images },
        resetsAt: monthWindow().resetsAt.toISOString(),
      },
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
  return app;
}
