// The flags module's front door: the only file other server code imports from this module.
export { alertFlag, startAlertRetries } from './flags.alerts';
export { flagsRoutes } from './flags.routes';
