// The records module's front door: the only file other server code imports from this module.
export { startRetentionPurge } from './records.purge';
export { schoolRecordRoutes, studentRecordRoutes } from './records.routes';
export { deleteForSchool, deleteForTeacher, exportForSchool, exportForTeacher, recordZipResponse } from './records.service';
