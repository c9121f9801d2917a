// The me module's front door: the only file other server code imports from this module.
export { meRoutes } from './me.routes';
