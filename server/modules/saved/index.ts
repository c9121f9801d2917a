// The saved module's front door: the only file other server code imports from this module.
export { exportRoutes } from './export.routes';
export { savedRoutes } from './saved.routes';
export { createSaved } from './saved.service';
