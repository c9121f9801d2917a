// The saved module's front door: the only file other server code imports from this module.
export { requireSavedActor } from './saved.policy';
export { savedRoutes } from './saved.routes';
export { createSaved } from './saved.service';
