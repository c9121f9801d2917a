import { and, eq, ne, sql } from 'drizzle-orm';
import type { ConversationMessage, EditMessageInput } from '../../../contract/ai';
import { isUuid } from '../../../contract/common';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { SessionUser } from '../../core/context';
import { notFound, conflict } from '../../lib/errors';
import { message } from '../../lib/message';
import { presentMessage } from './conversations.presenter';
import * as store from './conversations.store';

/** What an edit answers: the stored message, or a stale version's 409 with the current one. */
export type EditOutcome = { ok: ConversationMessage } | { conflict: ConversationMessage };

const m = schema.aiMessage;

/**
 * The teacher's hand edit of the newest document of their own DocBot run
 * (docs/decisions/072-hand-edits-are-stored-on-the-message.md). The edited text replaces `text`, so everything that reads
 * the run (reopening, Refine's history, Save to Saved Docs, Export) has it; the model's own text
 * goes to `original_text` at the first edit. One UPDATE checks everything that could change under
 * it (the version, a Regenerate superseding the reply, a Refine adding a newer one); when it
 * changes nothing, the row read afterwards says why.
 */
export async function editReply(
  db: Db,
  actor: SessionUser,
  conversationId: string,
  messageId: string,
  input: EditMessageInput,
): Promise<EditOutcome> {
  const conversation = await store.findConversation(db, actor.id, conversationId);
  const reply = isUuid(messageId) ? await store.findMessage(db, messageId) : undefined;
  // A user turn is not a document, and another conversation's message is not found here either.
  if (!reply || reply.conversationId !== conversation.id || reply.role !== 'assistant') throw notFound(message('replyNotFound'));
  if (conversation.botKind !== 'docbot') throw conflict(message('docBotOnlyEdit'));
  const newest = sql`(select max(seq) from ai_message where conversation_id = ${conversation.id} and status <> 'superseded')`;
  const [row] = await db
    .update(m)
    .set({
      text: input.text,
      originalText: sql`coalesce(${m.originalText}, ${m.text})`,
      version: sql`${m.version} + 1`,
      // The teacher finished a cut-off document by hand: it is whole now, and Refine sees it.
      status: 'complete',
      errorCode: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(m.id, reply.id),
        eq(m.version, input.version),
        sql`${m.status} in ('complete', 'interrupted', 'failed')`,
        eq(m.seq, newest),
        ne(m.role, 'user'),
      ),
    )
    .returning();
  if (row) return { ok: presentMessage(row) };
  const now = (await store.findMessage(db, reply.id)) ?? reply;
  if (now.status === 'streaming') throw conflict(message('replyStillWritingEdit'));
  if (now.status === 'superseded') throw conflict(message('documentRegenerated'));
  if (now.status === 'blocked') throw conflict(message('safetyNotEditable'));
  if (now.version !== input.version) return { conflict: presentMessage(now) };
  throw conflict(message('documentNewer'));
}
