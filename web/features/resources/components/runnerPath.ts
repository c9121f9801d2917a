import type { SavedSummary } from '../../../../contract/saved';
import { paths } from '../../../lib/paths';

/** The runner that continues a saved item (its `res`), or null when the bot is gone. */
export function runnerPathOf(item: SavedSummary): string | null {
  const r = item.runner;
  if (!r) return null;
  const params = { id: r.botId, shared: r.shared, res: item.id, uid: r.uid, sid: r.sid };
  if (r.kind === 'DocBot') return paths.runDocBot.to(params);
  if (r.kind === 'ChatBot') return paths.runChatBot.to(params);
  return paths.runTutorBot.to(params);
}
