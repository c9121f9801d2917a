import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/** /api/assignments: a premium teacher's assignments, their tables, records and transcripts. */
export function assignmentsRoutes() {
  const app = new Hono<AppEnv>();
  return app;
}
