import { Hono } from 'hono';
import {
  createConversationInput,
  editMessageInput,
  retryInput,
  sendMessageInput,
  type ConversationList,
  type MessageConflictBody,
} from '../../../contract/ai';
import type { AppEnv } from '../../core/context';
import { readJson, sendClock } from '../../core/context';
import { staleVersion } from '../../lib/errors';
import { attachReply } from './conversations.attach';
import { editReply } from './conversations.edit';
import { requireTeacherAi } from './conversations.policy';
import { presentConversation } from './conversations.presenter';
import { sendMessage, sendWindow } from './conversations.run';
import { getConversation, readForSend, resolveRunSpec, retryReply, stopReply, type SendBots } from './conversations.service';
import * as store from './conversations.store';
import { message } from '../../lib/message';

/**
 * /api/conversations: the owner's conversations; sending answers the AI SDK's UI message stream.
 * Only the owner reaches a conversation: anyone else gets 404. Every one of them is a teacher's
 * (the assistant, a DocBot, ChatBot or TutorBot-preview run), so every route is a teacher's:
 * a student gets 403, reading their own old ones included (see conversations.policy).
 */
export function conversationRoutes(bots: SendBots) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const { user } = await requireTeacherAi(c);
    const rows = await store.listConversations(c.get('deps').database.db, user.id);
    const body: ConversationList = { conversations: rows.map(presentConversation) };
    return c.json(body);
  });

  app.post('/', async (c) => {
    const { user } = await requireTeacherAi(c);
    const input = await readJson(c, createConversationInput);
    const row = await store.createConversation(c.get('deps').database.db, user.id, input.title ?? '');
    return c.json(presentConversation(row), 201);
  });

  app.get('/:id', async (c) => {
    const { user } = await requireTeacherAi(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getConversation(c.get('deps'), user, c.req.param('id')));
  });

  app.post('/:id/messages', async (c) => {
    const deps = c.get('deps');
    const clock = sendClock(deps);
    const actor = await requireTeacherAi(c);
    clock?.('session');
    const input = await readJson(c, sendMessageInput);
    clock?.('validation');
    // One statement: the conversation, its bot run, bot and knowledge, and its latest turns.
    const read = await readForSend(deps, actor, c.req.param('id'), bots, sendWindow(deps));
    clock?.('database');
    const spec = resolveRunSpec(actor, read, bots);
    clock?.('prompt');
    const { conversation, messages } = read;
    return sendMessage(deps, {
      conversation,
      messages,
      actor: actor.user,
      spec,
      text: input.text,
      idempotencyKey: input.idempotencyKey,
      clock,
    });
  });

  // The teacher's hand edit of their DocBot run's newest document (conversations.edit).
  app.patch('/:id/messages/:messageId', async (c) => {
    const { user } = await requireTeacherAi(c);
    const input = await readJson(c, editMessageInput);
    const result = await editReply(c.get('deps').database.db, user, c.req.param('id'), c.req.param('messageId'), input);
    if ('ok' in result) return c.json(result.ok);
    throw staleVersion<MessageConflictBody>(message('documentChangedElsewhere'), result.conflict);
  });

  // Attach to a reply being written (a reload, a second tab): see conversations.attach.
  app.get('/:id/messages/:messageId/stream', async (c) => {
    const { user } = await requireTeacherAi(c);
    c.header('Cache-Control', 'no-store');
    return attachReply(c.get('deps'), user, c.req.param('id'), c.req.param('messageId'));
  });

  app.post('/:id/messages/:messageId/stop', async (c) => {
    const { user } = await requireTeacherAi(c);
    return c.json(await stopReply(c.get('deps'), user, c.req.param('id'), c.req.param('messageId')));
  });

  app.post('/:id/retry', async (c) => {
    const actor = await requireTeacherAi(c);
    const deps = c.get('deps');
    const input = await readJson(c, retryInput);
    // The send's read without turns: the retry reads its own (every visible one).
    const read = await readForSend(deps, actor, c.req.param('id'), bots, 0);
    return retryReply(deps, {
      actor: actor.user,
      conversation: read.conversation,
      idempotencyKey: input.idempotencyKey,
      spec: () => Promise.resolve(resolveRunSpec(actor, read, bots)),
    });
  });

  return app;
}
