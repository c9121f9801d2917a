// The usage module's front door: the only file other server code imports from this module.
export { aiStatusRoutes } from './usage.routes';
export {
  finishUsage,
  monthUsage,
  monthWindow,
  pendingUsage,
  quotaCount,
  quotaExceededFor,
  quotaGiveBack,
  reserveUsage,
  resolvePool,
  uncount,
  usageFinished,
  type Reservation,
  type UsageOutcome,
} from './usage.service';
