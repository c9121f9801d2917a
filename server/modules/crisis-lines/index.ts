// The crisis lines module's front door: the only file other server code imports from this module.
export { installationCrisisLinesRoutes, schoolSafetyRoutes } from './crisis-lines.routes';
export { crisisLinesFor, reportingGuidanceOf } from './crisis-lines.service';
