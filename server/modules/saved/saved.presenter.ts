import type { SavedDetail, SavedRunner, SavedSummary } from '../../../contract/saved';
import { schema } from '../../db/client';
import { routeIdsOf, type BotActor } from '../bots';
import { excerptOf } from './plain-text';

export type SavedRow = typeof schema.savedItem.$inferSelect;

/** The bot columns the list joins in (null when the bot is gone or no longer visible). */
export interface BotRef {
  id: string;
  kind: 'DocBot' | 'ChatBot' | 'TutorBot';
  ownerId: string | null;
  schoolId: string | null;
}

function runnerOf(actor: BotActor, bot: BotRef | null): SavedRunner | null {
  if (!bot) return null;
  const ids = routeIdsOf(bot);
  return { botId: bot.id, kind: bot.kind, shared: bot.ownerId !== actor.userId, uid: ids.uid, sid: ids.sid };
}

export function presentSummary(actor: BotActor, row: SavedRow, bot: BotRef | null): SavedSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    excerpt: excerptOf(row.body, row.title),
    botId: row.botId,
    botKind: row.botKind,
    botName: row.botName,
    conversationId: row.conversationId,
    fileId: row.fileId,
    runner: runnerOf(actor, bot),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDetail(actor: BotActor, row: SavedRow, bot: BotRef | null): SavedDetail {
  return { ...presentSummary(actor, row, bot), body: row.body };
}
