// The school-dashboard module's front door: the only file other server code imports from this module.
export { schoolDashboardRoutes } from './school-dashboard.routes';
