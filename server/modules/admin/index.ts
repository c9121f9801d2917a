// The admin module's front door: the only file other server code imports from this module.
export { pruneServerErrors, recordServerError } from './server-errors';
