// The bots module's front door: the only file other server code imports from this module.
export { iconImageTypes, iconResponse } from './bot-icon.service';
export { botActorOf, routeIdsOf, visibleTo, type BotActor } from './bots.policy';
export { iconOf, sharerName, type BotRow } from './bots.presenter';
export { botsRoutes } from './bots.routes';
export { collectionsRoutes } from './collections.routes';
export { findVisibleBot } from './library.service';
export { copyBot, createBot } from './mutate.service';
export { composeBotInstructions, knowledgeJson, knowledgeTexts, parseKnowledge, sendBots, startBotRun } from './run-spec';
export { withdrawFromSchool } from './school-sharing';
export { builtinTemplates } from './templates/index';
export { syncBuiltinTemplates } from './templates/sync';
export { templateInLocale } from './templates/es';
