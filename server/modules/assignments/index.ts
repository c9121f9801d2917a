// The assignments module's front door: the only file other server code imports from this module.
export {
  assertMayReadTranscript,
  assignmentNotFound,
  isLate,
  ownAssignment,
  recordNotFound,
  requireAssignmentReducer,
  requireAssignmentTeacher,
  requireTranscriptReader,
  studentNotFound,
  studentOwnsRecord,
  type AssignmentActor,
  type TranscriptReader,
} from './assignments.policy';
export { addClassStudentsToOpenAssignments, giveAssignmentToClass } from './assignments.records';
export { assignmentsRoutes } from './assignments.routes';
export { studentsRoutes } from './students.routes';
