import type { BotKind } from '../../../../contract/bots';

/**
 * The kinds' plurals: product names, written the same in every language, so they are values of
 * the messages rather than messages ("My {plural}").
 */
export const kindPlural: Record<BotKind, string> = { DocBot: 'DocBots', ChatBot: 'ChatBots', TutorBot: 'TutorBots' };
