import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rateUpsert } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { pendingUsage, quotaCount, quotaGiveBack, usageFinished, type UsageOutcome } from '../usage';
import type { ProviderSafety } from '../../db/schema/ai';
import type { MessageRow, OpenReply } from './conversations.store';

/**
 * The SQL of a send, in one place: the one read before it (a teacher's conversation with
 * everything its run needs), the one write that stores the turn, and the one write of its end.
 * Every CTE of these statements is named here; the pieces from other modules (the rate upsert,
 * the quota count, the usage rows, the bots module's visibility and knowledge) are whole
 * statements or expressions that know none of these names.
 */

const c = schema.conversation;
const r = schema.botRun;
const b = schema.bot;
const m = schema.aiMessage;

/** What a run takes from its bot: the rest of the row stays in the database. */
export const runBotColumns = { id: b.id, kind: b.kind, instructions: b.instructions, settings: b.settings, temperature: b.temperature };

/**
 * The latest `window` turns of a conversation (superseded replies too) as one JSON array, oldest
 * first, keyed by column name: one value however many turns, read back by messagesFromJson.
 */
export function messageWindow(conversationId: AnyPgColumn | SQL, window: number): SQL<unknown> {
  return sql`(select coalesce(json_agg(w order by w.seq), '[]'::json)
    from (select * from ${m} latest where latest.conversation_id = ${conversationId} order by latest.seq desc limit ${window}) w)`;
}

const messageColumns = Object.entries(getTableColumns(m));

/** A JSON value (or its text, by driver) parsed into what it holds. */
export const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The turns of a messageWindow as drizzle would have read them (camelCase, Dates). */
export function messagesFromJson(value: unknown): MessageRow[] {
  return fromJson<Record<string, unknown>[]>(value).map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of messageColumns) {
      const v = row[column.name];
      out[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
    }
    return out as MessageRow;
  });
}

export interface SendReadParams {
  ownerId: string;
  conversationId: string;
  window: number;
  /** The bots module's rule for the bots the actor may run (a condition on table `bot`). */
  visibleBot: SQL;
  /** The bots module's JSON array of a bot's ready knowledge texts, for the given bot id. */
  knowledgeOf: (botId: AnyPgColumn) => SQL;
}

/**
 * A teacher's send reads everything in one statement: the owner's conversation (no row: not theirs
 * or none), its bot run's inputs, the bot only while the actor may still run it, the bot's ready
 * knowledge and the latest turns. A conversation without a bot reads the same, with nulls.
 */
export function sendRead(db: Db, p: SendReadParams) {
  return db
    .select({
      conversation: c,
      run: { conversationId: r.conversationId, inputs: r.inputs },
      bot: runBotColumns,
      knowledge: sql<unknown>`${p.knowledgeOf(b.id)}`,
      messages: messageWindow(c.id, p.window),
    })
    .from(c)
    .leftJoin(r, eq(r.conversationId, c.id))
    .leftJoin(b, and(eq(b.id, r.botId), p.visibleBot))
    .where(and(eq(c.id, p.conversationId), eq(c.ownerId, p.ownerId)));
}

/** One row of openReplyStatement. */
export type OpenReplyRow = {
  window_start: string | number;
  count: number | string;
  counted: boolean;
  usage_id: string | null;
  ready: boolean;
};

/**
 * Everything a send stores before the model call, in one statement (see store.openReply): `rate`
 * the per-user counter; `counted` the pool's month counter, if under the rate (and the guard's
 * condition holds); `conv` the conversation marked used (and titled), if counted; `guard` the
 * caller's write; `last` the conversation's last seq; `turns` the user turn and the streaming
 * reply; `usage` the pending usage row.
 */
export function openReplyStatement(o: OpenReply, now: Date): SQL {
  const id = o.conversationId;
  const g = o.guard;
  // With a guard: its condition gates the count, its write follows the conversation's, and its row gates the turns.
  const ready = g ? sql`(${g.ready})` : sql`true`;
  const guarded = g ? sql`guard as (${g.write(sql`exists (select 1 from conv)`)}),` : sql``;
  const from = g ? sql`conv, (select 1 from guard limit 1) as g` : sql`conv`;
  const gate = sql`(select count from rate) <= ${o.rate.rule.max} and exists (select 1 from conversation where id = ${id}) and ${ready}`;
  return sql`
    with rate as (${rateUpsert(o.rate.key, o.rate.rule, now.getTime())}),
    counted as (${quotaCount(o.reservation, now, gate)}),
    conv as (
      update conversation set updated_at = ${now.toISOString()}::timestamptz, title = case when title = '' then ${o.title} else title end
      where id = ${id} and exists (select 1 from counted)
      returning id
    ),
    ${guarded}
    last as (select coalesce(max(seq), 0) as seq from ai_message where conversation_id = ${id}),
    turns as (
      insert into ai_message (id, conversation_id, seq, role, text, status, idempotency_key, reply_to, checkpoint_at)
      select v.id, conv.id, last.seq + v.step, v.role, v.text, v.status, v.key, v.reply_to, v.checkpoint_at
      from ${from}, last, (values
        (${o.userId}::uuid, 1, 'user', ${o.text}, 'complete', ${o.idempotencyKey}, null::uuid, null::timestamptz),
        (${o.replyId}::uuid, 2, 'assistant', '', 'streaming', null, ${o.userId}::uuid, ${now.toISOString()}::timestamptz)
      ) as v(id, step, role, text, status, key, reply_to, checkpoint_at)
      returning id
    ),
    usage as (${pendingUsage(o.reservation, now, sql`counted, ${from}`)})
    select (select window_start from rate) as window_start, (select count from rate) as count,
      exists (select 1 from counted) as counted, (select id from usage) as usage_id, ${ready} as ready`;
}

export interface FinishedReply {
  id: string;
  status: MessageRow['status'];
  text: string;
  errorCode: string | null;
  usageId: string;
  usage: UsageOutcome;
  /** The provider's safety signals, when it gave any. */
  providerSafety?: ProviderSafety;
}

/**
 * The one write of a finished reply: `reply` the message (still streaming, or interrupted by a
 * sweep that judged it dead too early), `usage` its usage row, then a failed call's count given back.
 */
export function finishReplyStatement(f: FinishedReply): SQL {
  return sql`with reply as (
      update ai_message set status = ${f.status}, text = ${f.text}, error_code = ${f.errorCode}, checkpoint_at = now(), updated_at = now(),
        provider_safety = coalesce(${f.providerSafety ? JSON.stringify(f.providerSafety) : null}::jsonb, provider_safety)
      where id = ${f.id} and status in ('streaming', 'interrupted')
    ),
    usage as (${usageFinished(f.usageId, f.usage)})
    ${quotaGiveBack(sql`usage`)}`;
}
