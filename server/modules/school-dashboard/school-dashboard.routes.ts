import { Hono } from 'hono';
import { isPremium } from '../../../contract/subscription';
import { dashboardQuery, dashboardTable, type DashboardTable } from '../../../contract/school-dashboard';
import type { AppContext, AppEnv } from '../../core/context';
import { readQuery, requireUser } from '../../core/context';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { requireSchoolAdmin, SCHOOL_PAGES } from '../../core/access';
import { resolveSubscription } from '../../core/plan';
import { csvResponse } from '../../lib/csv';
import { csvFileName, tableRows } from './school-dashboard.csv';
import { dashboardTableOf, periodOf, schoolDashboard, type DashboardSchool } from './school-dashboard.service';

/**
 * /api/school-admin/dashboard: a school admin's AI usage dashboard. Sign-in, subscription, school
 * admins only: 401 signed out, 403 for anyone who is not an admin of their domain's licence, 402 for
 * an admin whose own plan is not premium (an expired licence included). Every statement is scoped
 * to the admin's licence id.
 */
async function requireDashboardAdmin(c: AppContext): Promise<DashboardSchool> {
  const { user, licence } = await requireSchoolAdmin(c, SCHOOL_PAGES);
  const { database, config } = c.get('deps');
  const sub = await resolveSubscription(database.db, { user, settings: config });
  if (!isPremium(sub.status)) throw new AppError('premium_required', 402, message('dashboardLicence'));
  return { id: licence.id, schoolname: licence.schoolname, expiration: licence.expiration };
}

const TABLES = new Set<string>(dashboardTable.options);

export function schoolDashboardRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    await requireUser(c);
    const query = readQuery(c, dashboardQuery);
    const school = await requireDashboardAdmin(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await schoolDashboard(c.get('deps').database.db, school, periodOf(query)));
  });

  app.get('/export/:table', async (c) => {
    await requireUser(c);
    const table = c.req.param('table');
    if (!TABLES.has(table)) throw notFound(message('tableNotFound'));
    const query = readQuery(c, dashboardQuery);
    const school = await requireDashboardAdmin(c);
    const period = periodOf(query);
    const data = await dashboardTableOf(c.get('deps').database.db, school, period, table as DashboardTable);
    const name = csvFileName(table as DashboardTable, period.from, period.to);
    const empty = { daily: [], teachers: [], buildings: [], bots: [], classes: [] };
    return csvResponse(name, tableRows({ ...empty, ...data }, table as DashboardTable));
  });

  return app;
}
