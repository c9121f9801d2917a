import type { BotKind, BotSummary } from '../../../../contract/bots';
import type { SavedSummary } from '../../../../contract/saved';
import { paths, type EditorParams } from '../../../lib/paths';
import { currentFormattingLocale } from '../../../lib/i18n/language';

/** The editor route of a kind. */
export function editorPath(kind: BotKind, params: EditorParams): string {
  switch (kind) {
    case 'DocBot':
      return paths.docBotAddEdit.to(params);
    case 'ChatBot':
      return paths.chatBotAddEdit.to(params);
    case 'TutorBot':
      return paths.tutorBotAddEdit.to(params);
  }
}

type BotRef = Pick<BotSummary, 'id' | 'kind' | 'uid' | 'sid' | 'isOwner'>;

/** A bot's editor in one mode; shared is true for anything that is not the caller's own. */
export function editorPathOf(bot: BotRef, aec: 'edit' | 'copy'): string {
  return editorPath(bot.kind, { id: bot.id, shared: !bot.isOwner, aec, uid: bot.uid, sid: bot.sid });
}

/** The runner of a bot, starting a new run (templates: uid builtin, sid none, shared true). */
export function runPathOf(bot: BotRef): string {
  const params = { id: bot.id, shared: !bot.isOwner, res: 'new', uid: bot.uid, sid: bot.sid };
  switch (bot.kind) {
    case 'DocBot':
      return paths.runDocBot.to(params);
    case 'ChatBot':
      return paths.runChatBot.to(params);
    case 'TutorBot':
      return paths.runTutorBot.to(params);
  }
}

/** The student tutor view of one of the teacher's TutorBots, without an assignment (asid preview). */
export function studentPreviewPathOf(bot: BotRef): string {
  return paths.runStudentTutorBot.to({ id: bot.id, shared: !bot.isOwner, res: 'new', uid: bot.uid, sid: bot.sid, asid: 'preview' });
}

/** "3 days ago", "just now": a date relative to now, for the cards. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const locale = currentFormattingLocale();
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(0, 'second') === 'now' ? 'just now' : rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return new Date(then).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A past run reopened in its runner, where it was left (res `new` with the conversation named). */
export function continueRunPathOf(bot: BotRef, conversationId: string): string {
  return `${runPathOf(bot)}?c=${encodeURIComponent(conversationId)}`;
}

/** A Saved Docs item reopened in its bot's runner; the Saved Docs page when its bot is gone. */
export function savedItemPathOf(item: Pick<SavedSummary, 'id' | 'runner'>): string {
  const r = item.runner;
  if (!r) return paths.savedResources.to();
  const params = { id: r.botId, shared: r.shared, res: item.id, uid: r.uid, sid: r.sid };
  switch (r.kind) {
    case 'DocBot':
      return paths.runDocBot.to(params);
    case 'ChatBot':
      return paths.runChatBot.to(params);
    case 'TutorBot':
      return paths.runTutorBot.to(params);
  }
}
