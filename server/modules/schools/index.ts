// The schools module's front door: the only file other server code imports from this module.
export { schoolRoutes } from './schools.routes';
