import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/** /api/school-admin/dashboard: a school admin's AI usage dashboard (issue 18; built by its own change). */
export function schoolDashboardRoutes() {
  return new Hono<AppEnv>();
}
