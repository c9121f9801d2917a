// The health module's front door: the only file other server code imports from this module.
export { healthRoutes } from './health.routes';
