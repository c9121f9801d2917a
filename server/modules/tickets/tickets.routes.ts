import { Hono } from 'hono';
import {
  createTicketInput,
  supportReplyInput,
  supportTicketListQuery,
  ticketListQuery,
  ticketMessageInput,
} from '../../../contract/tickets';
import type { AppContext, AppEnv } from '../../core/context';
import { readJson, readQuery } from '../../core/context';
import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { requireSupport } from '../../core/access';
import { idParam } from '../classes';
import { fileResponse } from '../files';
import { requireTicketOpener, ticketIdOf } from './tickets.policy';
import {
  addOwnMessage,
  createTicket,
  listAllTickets,
  listOwnTickets,
  ownUnreadCount,
  readAnyTicket,
  readOwnTicket,
  replyAsSupport,
  setTicketStatus,
  ticketAttachment,
} from './tickets.service';

const db = (c: AppContext) => c.get('deps').database.db;
const fileIdOf = (c: AppContext) => idParam(c.req.param('fileId') ?? '', () => notFound(message('fileNotFound')));

/** /api/tickets: a teacher's or admin's own support tickets (issue 18). */
export function ticketRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await requireTicketOpener(c);
    const query = readQuery(c, ticketListQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await listOwnTickets(db(c), user.id, query));
  });

  app.post('/', async (c) => {
    const user = await requireTicketOpener(c);
    const input = await readJson(c, createTicketInput);
    const { ticket, created } = await createTicket(c.get('deps'), user, input);
    return c.json({ ticket }, created ? 201 : 200);
  });

  app.get('/unread-count', async (c) => {
    const user = await requireTicketOpener(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await ownUnreadCount(db(c), user.id));
  });

  app.get('/:id', async (c) => {
    const user = await requireTicketOpener(c);
    const id = ticketIdOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ ticket: await readOwnTicket(db(c), user.id, id) });
  });

  app.post('/:id/messages', async (c) => {
    const user = await requireTicketOpener(c);
    const id = ticketIdOf(c);
    const input = await readJson(c, ticketMessageInput);
    return c.json({ ticket: await addOwnMessage(c.get('deps'), user, id, input) });
  });

  app.get('/:id/attachments/:fileId', async (c) => {
    const user = await requireTicketOpener(c);
    const id = ticketIdOf(c);
    const fileId = fileIdOf(c);
    return fileResponse(c, await ticketAttachment(db(c), id, fileId, user.id));
  });

  return app;
}

/** /api/support/tickets: every ticket, for the support account (issue 18). */
export function supportTicketRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    await requireSupport(c);
    const query = readQuery(c, supportTicketListQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(await listAllTickets(db(c), query));
  });

  app.get('/:id', async (c) => {
    await requireSupport(c);
    const id = ticketIdOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ ticket: await readAnyTicket(db(c), id) });
  });

  app.post('/:id/messages', async (c) => {
    const actor = await requireSupport(c);
    const id = ticketIdOf(c);
    const input = await readJson(c, supportReplyInput);
    return c.json({ ticket: await replyAsSupport(c.get('deps'), actor, id, input) });
  });

  app.post('/:id/close', async (c) => {
    const actor = await requireSupport(c);
    const id = ticketIdOf(c);
    return c.json({ ticket: await setTicketStatus(db(c), actor, id, 'closed') });
  });

  app.post('/:id/reopen', async (c) => {
    const actor = await requireSupport(c);
    const id = ticketIdOf(c);
    return c.json({ ticket: await setTicketStatus(db(c), actor, id, 'open') });
  });

  app.get('/:id/attachments/:fileId', async (c) => {
    await requireSupport(c);
    const id = ticketIdOf(c);
    const fileId = fileIdOf(c);
    return fileResponse(c, await ticketAttachment(db(c), id, fileId, undefined));
  });

  return app;
}
