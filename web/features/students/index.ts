// The students feature's front door: what other features may use (docs/decisions/284-web-feature-front-doors.md).
export { classListQuery, rosterQuery, useJoinClass } from './api/classes';
export { classroomCoursesQuery, classroomStatusQuery } from './api/classroom';
