import { Hono } from 'hono';
import type { AiStatus } from '../../../contract/ai';
import { aiProviderName } from '../../ai/runtime';
import type { AppEnv } from '../../core/context';
import { requireUser } from '../../core/context';
import { requestLocale } from '../../core/locale';
import { translateMessage } from '../../lib/messages';
import { monthUsage, monthWindow, resolvePool } from './usage.service';

const testNotice = 'Replies come from the built-in test provider, not a real AI model.';

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
    const notice = provider === 'not configured' ? 'AI is not configured on this server.' : ai.testProvider ? testNotice : null;
    const body: AiStatus = {
      provider,
      images: Boolean(ai.provider && (ai.provider.kind === 'gemini' || ai.provider.imageModel)),
      testProvider: ai.testProvider,
      notice: notice && translateMessage(notice, requestLocale(c)),
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
