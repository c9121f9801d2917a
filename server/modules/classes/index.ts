// The classes module's front door: the only file other server code imports from this module.
export { idParam, shownLinked, type ClassActor } from './classes.policy';
export { classesRoutes } from './classes.routes';
export { createClass, getClass, linkRosterEntries, syncClassRoster, type StudentToAdd } from './classes.service';
