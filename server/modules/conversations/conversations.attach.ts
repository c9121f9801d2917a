import { isUuid } from '../../../contract/common';
import { followedReplyResponse, liveReplyResponse, type ReplySnapshot } from '../../ai/ui-stream';
import { followElsewhere } from './conversations.relay';
import type { AppDeps, SessionUser } from '../../core/context';
import { readerLocale } from '../../core/locale';
import { notFound } from '../../lib/errors';
import { message } from '../../lib/message';
import { describeLiveError, replyMeta, storedError, storedFailure, storedReply } from './conversations.replay';
import { abandonedBefore, startupSweep } from './conversations.service';
import * as store from './conversations.store';
import { liveGeneration, liveHereIds } from './conversations.live';

/** How a stored reply reads to a follower: its text, and its end once it has one. */
function snapshotOf(row: store.MessageRow): ReplySnapshot {
  if (row.status === 'streaming') return { text: row.text };
  const status = row.status === 'superseded' ? 'complete' : row.status;
  const error = row.status === 'failed' ? storedFailure(row.errorCode) : storedError(row);
  return { text: row.text, end: { status, error, stopped: row.errorCode === store.STOPPED || undefined } };
}

/**
 * GET /api/conversations/:id/messages/:messageId/stream: a page opened (or reloaded) while a reply
 * is written attaches to it without the request's idempotency key. A reply being generated in this
 * process is joined (the text so far, then each delta); one another process is writing (several
 * processes on PostgreSQL) is followed live, as that process relays it (conversations.relay), and
 * through its stored checkpoints, until it ends (or its lease lapses: interrupted); a reply that
 * has ended is answered as stored. The owner only: anyone else's reply reads as not found.
 */
export async function attachReply(deps: AppDeps, actor: SessionUser, conversationId: string, messageId: string): Promise<Response> {
  const { db } = deps.database;
  await store.findConversation(db, actor.id, conversationId);
  let reply = isUuid(messageId) ? await store.findMessage(db, messageId) : undefined;
  if (!reply || reply.conversationId !== conversationId || reply.role !== 'assistant') throw notFound(message('replyNotFound'));
  const meta = replyMeta(deps, reply);
  const live = liveGeneration(deps, reply.id);
  if (live) return liveReplyResponse(live, meta, describeLiveError(deps), readerLocale(actor));
  if (reply.status !== 'streaming') return storedReply(reply, meta, readerLocale(actor));
  // Not written here: alive in another process, or left by one that stopped (then it ends as interrupted).
  const current = async (): Promise<store.MessageRow | undefined> => {
    await startupSweep(deps);
    const row = await store.findMessage(db, messageId);
    if (row?.status !== 'streaming' || (row.checkpointAt && row.checkpointAt >= abandonedBefore(deps))) return row;
    await store.sweepInterrupted(db, abandonedBefore(deps), liveHereIds(deps), conversationId);
    return store.findMessage(db, messageId);
  };
  reply = (await current()) ?? reply;
  if (reply.status !== 'streaming') return storedReply(reply, meta, readerLocale(actor));
  let last = reply;
  // Live from its process (a relay over NOTIFY), the stored row read at each checkpoint and at the end.
  const followed = followElsewhere(deps, messageId);
  const readEveryMs = Math.max(250, deps.config.ai.checkpointMs);
  let readAt = Date.now();
  const poll = async (): Promise<ReplySnapshot> => {
    if (!followed || followed.state.ended || Date.now() - readAt >= readEveryMs) {
      readAt = Date.now();
      // A reply deleted meanwhile (its conversation was) ends where it was.
      last = (await current()) ?? { ...last, status: 'interrupted', errorCode: 'interrupted' };
    }
    const stored = snapshotOf(last);
    const live = followed?.state.text ?? '';
    return !stored.end && live.length > stored.text.length && live.startsWith(stored.text) ? { text: live } : stored;
  };
  return followedReplyResponse(
    meta,
    reply.text,
    poll,
    followed ? FOLLOW_BEAT_MS : readEveryMs,
    () => followed?.leave(),
    readerLocale(actor),
  );
}

/** How often a page following a reply relayed from another process looks at what was relayed. */
const FOLLOW_BEAT_MS = 100;
