import { Hono } from 'hono';
import {
  auditQuery,
  errorsQuery,
  extendBody,
  grantBody,
  revokeBody,
  roleBody,
  schoolLicenceInput,
  schoolLicencePatch,
  userSearchQuery,
} from '../../../contract/superdash';
import type { AppContext, AppEnv, SessionUser } from '../../core/context';
import { readJson, readOptionalJson, readQuery } from '../../core/context';
import { AppError } from '../../lib/errors';
import { requireSupport } from '../../core/access';
import { setAccountRole } from '../operator';
import { createSchool, updateSchoolById } from '../operator';
import { extendSubscription, grantSubscription, revokeSubscription, type GrantActor } from '../operator';
import {
  findUserById,
  listAudit,
  listSchools,
  listServerErrors,
  presentSchool,
  presentUser,
  searchUsers,
  teachersOnList,
  totals,
} from './superdash.service';
import { message } from '../../lib/message';

const db = (c: AppContext) => c.get('deps').database.db;
const config = (c: AppContext) => c.get('deps').config;
const actorOf = (user: SessionUser): GrantActor => ({ kind: 'support', userId: user.id, label: user.email });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A licence id from the path; anything that is not one reads as a missing licence. */
function licenceId(c: AppContext): string {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new AppError('not_found', 404, message('licenceNotFound'));
  return id;
}

/**
 * /api/superdash: the support account's installation dashboard (issue 18, item 4). Every endpoint:
 * session, then requireSupport (401 signed out, 403 everyone else), then the input, then the
 * operator's own services (the command line's rules, with the support account as the actor).
 */
export function superDashRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/totals', async (c) => {
    await requireSupport(c);
    return c.json(await totals(db(c), config(c).supportEmail));
  });

  app.get('/schools', async (c) => {
    await requireSupport(c);
    return c.json({ schools: await listSchools(db(c)) });
  });

  app.post('/schools', async (c) => {
    const user = await requireSupport(c);
    const input = await readJson(c, schoolLicenceInput);
    const licence = await createSchool(db(c), input, actorOf(user));
    return c.json(presentSchool(licence, 0), 201);
  });

  app.patch('/schools/:id', async (c) => {
    const user = await requireSupport(c);
    const id = licenceId(c);
    const input = await readJson(c, schoolLicencePatch);
    const licence = await updateSchoolById(db(c), id, input, actorOf(user));
    return c.json(presentSchool(licence, await teachersOnList(db(c), licence.id)));
  });

  app.get('/users', async (c) => {
    await requireSupport(c);
    const { email } = readQuery(c, userSearchQuery);
    return c.json(await searchUsers(db(c), email, config(c)));
  });

  app.post('/users/:id/grant', async (c) => {
    const support = await requireSupport(c);
    const user = await findUserById(db(c), c.req.param('id'));
    const input = await readJson(c, grantBody);
    await grantSubscription(db(c), { email: user.email, status: input.status, until: input.until }, actorOf(support));
    return c.json(await presentUser(db(c), user, config(c)));
  });

  app.post('/users/:id/extend', async (c) => {
    const support = await requireSupport(c);
    const user = await findUserById(db(c), c.req.param('id'));
    const input = await readJson(c, extendBody);
    await extendSubscription(db(c), { email: user.email, ...input }, actorOf(support));
    return c.json(await presentUser(db(c), user, config(c)));
  });

  app.post('/users/:id/revoke', async (c) => {
    const support = await requireSupport(c);
    const user = await findUserById(db(c), c.req.param('id'));
    await readOptionalJson(c, revokeBody);
    await revokeSubscription(db(c), { email: user.email }, actorOf(support), config(c));
    return c.json(await presentUser(db(c), user, config(c)));
  });

  app.patch('/users/:id/role', async (c) => {
    const support = await requireSupport(c);
    const user = await findUserById(db(c), c.req.param('id'));
    const input = await readJson(c, roleBody);
    if (user.id === support.id || user.email === config(c).supportEmail) {
      throw new AppError('support_account', 403, message('supportRoleUnchanged'));
    }
    const changed = await setAccountRole(db(c), { email: user.email, role: input.role }, actorOf(support));
    return c.json(await presentUser(db(c), { ...user, role: changed.role }, config(c)));
  });

  app.get('/errors', async (c) => {
    await requireSupport(c);
    return c.json(await listServerErrors(db(c), readQuery(c, errorsQuery)));
  });

  app.get('/audit', async (c) => {
    await requireSupport(c);
    return c.json(await listAudit(db(c), readQuery(c, auditQuery)));
  });

  return app;
}
