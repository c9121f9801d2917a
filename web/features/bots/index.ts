// The bots feature's front door: what other features may use (docs/decisions/284-web-feature-front-doors.md).
export { useBot, type BotAddress } from './api/getBot';
