import { docBotSettings } from '../../../contract/bots';
import type { AppContext, SessionUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { botActorOf, type BotActor } from '../bots/bots.policy';
import type { BotRow } from '../bots/bots.presenter';
import { findVisibleBot } from '../bots/library.service';

/**
 * Who may generate an image. Images exist only in a DocBot's run (its "Can generate images"
 * setting), so every request names its bot and is held to the rules of running that bot: a
 * teacher, a bot they may see (own, shared with them, public, or a built-in template), and a
 * DocBot that allows images. The client only hides the button; this is the check.
 */
export async function assertMayGenerateImagesFor(c: AppContext, user: SessionUser, botId: string): Promise<BotRow> {
  const { database, config } = c.get('deps');
  const actor: BotActor | null = await botActorOf(database.db, user, config.supportEmail);
  // Students run no DocBot (their tutors come through assignments), so they make no images.
  if (!actor) throw new AppError('forbidden', 403, 'Images are made in DocBots, which only teachers use.');
  // A bot the actor may not see is the same 404 as on every bot endpoint.
  const bot = await findVisibleBot(database.db, actor, botId);
  if (bot.kind !== 'DocBot' || !docBotSettings.parse(bot.settings).canGenerateImages) {
    throw new AppError(
      'images_not_allowed',
      403,
      'This bot does not generate images. Its owner can turn on "Can generate images" in the bot\'s editor.',
    );
  }
  return bot;
}
