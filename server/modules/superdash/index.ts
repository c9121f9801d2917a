// The superdash module's front door: the only file other server code imports from this module.
export { superDashRoutes } from './superdash.routes';
