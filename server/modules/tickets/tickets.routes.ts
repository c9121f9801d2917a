import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

/** /api/tickets: a teacher's or admin's own support tickets (issue 18; built by its own change). */
export function ticketRoutes() {
  return new Hono<AppEnv>();
}

/** /api/support/tickets: every ticket, for the support account (issue 18; built by its own change). */
export function supportTicketRoutes() {
  return new Hono<AppEnv>();
}
