import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/** /api/students/:entryId: a premium teacher's page of one student of their rosters. */
export function studentsRoutes() {
  const app = new Hono<AppEnv>();
  return app;
}
