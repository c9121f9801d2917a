// The assignments feature's front door: what other features may use (docs/decisions/284-web-feature-front-doors.md).
export { assignmentListQuery } from './api/listAssignments';
export { myAssignmentChat } from './api/chatEndpoint';
export { myAssignmentKeys } from './api/myAssignmentKeys';
export { myAssignmentQuery, useMyAssignment } from './api/getMyAssignment';
export { useStartBeforeSending } from './api/startMyAssignment';
export { useSubmitMyAssignment } from './api/submitMyAssignment';
