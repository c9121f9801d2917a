// The live module's front door: the only file other server code imports from this module.
export { liveRoutes } from './live.routes';
