// The billing module's front door: the only file other server code imports from this module.
export { listPrices, trialAvailable } from './billing.catalog';
export { STRIPE_WEBHOOK_PATH, billingRoutes } from './billing.routes';
