// The lti module's front door: the only file other server code imports from this module.
export { ltiPlatformRoutes, ltiToolRoutes } from './lti.routes';
export { LTI_FORM_PATHS, LTI_OWN_HEADERS_PATH } from './lti.paths';
export { queueScore, startScoreRetries } from './lti.scores';
