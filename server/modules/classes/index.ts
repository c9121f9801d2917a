// The classes module's front door: the only file other server code imports from this module.
export { idParam, shownLinked } from './classes.policy';
export { classesRoutes } from './classes.routes';
export { linkRosterEntries } from './classes.service';
