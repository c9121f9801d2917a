// The teacher-lists module's front door: the only file other server code imports from this module.
export { teacherListRoutes } from './teacher-lists.routes';
