// The classroom module's front door: the only file other server code imports from this module.
export { classroomRoutes } from './classroom.routes';
