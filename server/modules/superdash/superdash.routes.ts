import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/** /api/superdash: the support account's installation dashboard (issue 18; built by its own change). */
export function superDashRoutes() {
  return new Hono<AppEnv>();
}
