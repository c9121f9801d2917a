/** The platform's form posts (login and launch): no Origin of ours, so app.ts's Origin check lets them through. */
export const LTI_FORM_PATHS: ReadonlySet<string> = new Set(['/api/lti/login', '/api/lti/launch']);

/** The page that posts a deep-linking answer to the platform: it sets its own security headers (its form goes to the platform). */
export const LTI_OWN_HEADERS_PATH = '/api/lti/deep-link';
