import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/** /api/my-assignments: the signed-in student's assignment records and their tutor runs. */
export function myAssignmentsRoutes() {
  const app = new Hono<AppEnv>();
  return app;
}
