// The trophies module's front door: the only file other server code imports from this module.
export { myTrophiesRoutes, recordTrophiesRoutes } from './trophies.routes';
export { awardEarnedTrophies } from './trophies.service';
