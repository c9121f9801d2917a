import { Hono } from 'hono';
import { createConversationInput, retryInput, sendMessageInput, type ConversationList } from '../../../contract/ai';
import type { AppEnv } from '../../lib/context';
import { readJson, requireUser } from '../../lib/context';
import { presentConversation } from './conversations.presenter';
import { sendMessage, sendWindow } from './conversations.run';
import { getConversation, resolveRunSpec, retryReply, stopReply } from './conversations.service';
import * as store from './conversations.store';

/**
 * /api/conversations: the owner's conversations; sending answers the AI SDK's UI message stream.
 * Only the owner reaches a conversation: anyone else gets 404.
 */
export function conversationRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await requireUser(c);
    const rows = await store.listConversations(c.get('deps').database.db, user.id);
    const body: ConversationList = { conversations: rows.map(presentConversation) };
    return c.json(body);
  });

  app.post('/', async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, createConversationInput);
    const row = await store.createConversation(c.get('deps').database.db, user.id, input.title ?? '');
    return c.json(presentConversation(row), 201);
  });

  app.get('/:id', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getConversation(c.get('deps'), user, c.req.param('id')));
  });

  app.post('/:id/messages', async (c) => {
    const user = await requireUser(c);
    const deps = c.get('deps');
    const input = await readJson(c, sendMessageInput);
    const { conversation, messages } = await store.conversationForSend(deps.database.db, user.id, c.req.param('id'), sendWindow(deps));
    const spec = await resolveRunSpec(deps, user, conversation);
    return sendMessage(deps, { conversation, messages, actor: user, spec, text: input.text, idempotencyKey: input.idempotencyKey });
  });

  app.post('/:id/messages/:messageId/stop', async (c) => {
    const user = await requireUser(c);
    return c.json(await stopReply(c.get('deps'), user, c.req.param('id'), c.req.param('messageId')));
  });

  app.post('/:id/retry', async (c) => {
    const user = await requireUser(c);
    const deps = c.get('deps');
    const input = await readJson(c, retryInput);
    const conversation = await store.findConversation(deps.database.db, user.id, c.req.param('id'));
    return retryReply(deps, user, conversation, input.idempotencyKey);
  });

  return app;
}
