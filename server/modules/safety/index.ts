// The safety module's front door: the only file other server code imports from this module.
export { startHeldRechecks } from './safety.recheck';
