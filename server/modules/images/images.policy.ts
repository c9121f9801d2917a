import { docBotSettings } from '../../../contract/bots';
import type { AppContext, SessionUser } from '../../core/context';
import { AppError } from '../../lib/errors';
import type { BotActor } from '../bots';
import { teacherAiActorOf } from '../conversations';
import type { BotRow } from '../bots';
import { findVisibleBot } from '../bots';
import { message } from '../../lib/message';

/**
 * Who may generate an image. Images exist only in a DocBot's run (its "Can generate images"
 * setting), so every request names its bot and is held to the rules of running that bot: a
 * teacher, a bot they may see (own, shared with them, public, or a built-in template), and a
 * DocBot that allows images. The client only hides the button; this is the check.
 */
export async function assertMayGenerateImagesFor(c: AppContext, user: SessionUser, botId: string): Promise<BotRow> {
  const deps = c.get('deps');
  const { database } = deps;
  // Students run no DocBot (their tutors come through assignments), so they make no images.
  const teacher = await teacherAiActorOf(deps, user);
  const actor: BotActor = { userId: teacher.user.id, schoolId: teacher.schoolId };
  // A bot the actor may not see is the same 404 as on every bot endpoint.
  const bot = await findVisibleBot(database.db, actor, botId);
  if (bot.kind !== 'DocBot' || !docBotSettings.parse(bot.settings).canGenerateImages) {
    throw new AppError('images_not_allowed', 403, message('imagesNotAllowed'));
  }
  return bot;
}
