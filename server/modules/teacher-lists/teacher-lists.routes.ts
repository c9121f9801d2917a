import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/** /api/school-admin/teachers: a school admin's teacher list (issue 18; built by its own change). */
export function teacherListRoutes() {
  return new Hono<AppEnv>();
}
