import { z } from 'zod';
import { text, uuid } from './common';

/**
 * LTI 1.3 (issue 29, docs/decisions/261-lti-1-3.md). The platforms a school's LMS is registered
 * as, managed by the support account at /api/superdash/lti-platforms:
 *   GET    /                  every registration, newest first
 *   POST   /                  a new registration
 *   DELETE /:id               a registration (its links, accounts' links and synced courses go with it)
 *   POST   /keys/rotate       a new signing key; the old one stays published for LTI_KEY_RETIRED_DAYS
 * and the tool's own endpoints, which the platforms call (no session, no Origin of ours):
 *   GET      /api/lti/jwks    ClassBots' public keys
 *   GET|POST /api/lti/login   the OIDC third-party login
 *   POST     /api/lti/launch  the platform's signed launch (id_token and state, form-posted)
 */

/** Days a retired signing key stays published, so tokens signed just before a rotation still verify. */
export const LTI_KEY_RETIRED_DAYS = 30;
/** Minutes between the OIDC login and the launch that answers it. */
export const LTI_LOGIN_MINUTES = 10;
/** Minutes a course's member list is left after a read before a launch from it reads it again. */
export const LTI_ROSTER_SYNC_MINUTES = 10;
/** Deployment ids one registration takes at most. */
export const LTI_DEPLOYMENTS_MAX = 20;

const MAX_URL = 2_000;

const httpsUrl = (field: string) =>
  text({
    trim: true,
    required: `The ${field} is missing.`,
    max: MAX_URL,
    tooLong: `The ${field} is longer than ${MAX_URL} characters.`,
  }).refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      // http only for a platform on this machine (a test or a local LMS); anything reachable is https.
      return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
    },
    { message: `The ${field} must be an https address.` },
  );

export const ltiPlatformInput = z.strictObject({
  schoolId: uuid('Choose the school licence this platform belongs to.'),
  name: text({
    trim: true,
    required: 'Give the platform a name.',
    min: 1,
    max: 100,
    tooShort: 'Give the platform a name.',
    tooLong: 'The name is longer than 100 characters.',
  }),
  issuer: httpsUrl('issuer'),
  clientId: text({
    trim: true,
    required: 'The client id is missing.',
    min: 1,
    max: 255,
    tooShort: 'The client id is missing.',
    tooLong: 'The client id is longer than 255 characters.',
  }),
  deploymentIds: z
    .array(
      text({
        trim: true,
        min: 1,
        max: 255,
        tooShort: 'A deployment id is empty.',
        tooLong: 'A deployment id is longer than 255 characters.',
      }),
      {
        error: 'List the deployment ids.',
      },
    )
    .min(1, 'Give at least one deployment id.')
    .max(LTI_DEPLOYMENTS_MAX, `At most ${LTI_DEPLOYMENTS_MAX} deployment ids.`),
  authUrl: httpsUrl('authentication address'),
  tokenUrl: httpsUrl('token address'),
  jwksUrl: httpsUrl('key set address'),
  /**
   * The platform's addresses are the institution's own, not typed by their users (decision 274):
   * a launch's address on the licence's domains then counts without `email_verified`.
   */
  managedAddresses: z.boolean({ error: 'Choose whether the platform’s addresses are the school’s own.' }).default(false),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInput>;

export const ltiPlatform = z.object({
  id: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
  managedAddresses: z.boolean(),
  createdAt: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatform>;

/** What the platform's administrator pastes into the LMS (shown beside the list). */
export const ltiToolSettings = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  jwksUrl: z.string(),
  deepLinkUrl: z.string(),
});
export type LtiToolSettings = z.infer<typeof ltiToolSettings>;

export const ltiPlatformList = z.object({ platforms: z.array(ltiPlatform), tool: ltiToolSettings });
export type LtiPlatformList = z.infer<typeof ltiPlatformList>;
