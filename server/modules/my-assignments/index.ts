// The my-assignments module's front door: the only file other server code imports from this module.
export { myAssignmentsRoutes } from './my-assignments.routes';
export { heldTurnRun } from './my-assignments.service';
export { openRunsWatcher } from './my-assignments.watch';
