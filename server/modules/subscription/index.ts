// The subscription module's front door: the only file other server code imports from this module.
export { subscriptionRoutes } from './subscription.routes';
