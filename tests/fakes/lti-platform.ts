import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A fake LMS that speaks LTI 1.3 as Canvas, Moodle and Schoology do (docs/decisions/091 and 261):
 * its own RS256 key, served at /jwks; an OIDC authentication endpoint that answers a tool's login
 * redirect with the auto-posting form of a signed id_token; launches prepared by the test and
 * found again by their login_hint. A second key it does not publish signs forged launches.
 */

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
};

export interface FakeUser {
  sub: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
  roles: string[];
}

export interface LaunchSpec {
  user: FakeUser;
  kind?: 'resource' | 'deep-link';
  context?: { id: string; title?: string; label?: string };
  resourceLinkId?: string;
  custom?: Record<string, string>;
  /** The tool's launch address (the redirect_uri the tool must ask for). */
  targetLinkUri: string;
  /** Forgeries: sign with the unpublished key, another deployment, an old token, another nonce. */
  signWith?: 'own' | 'other';
  deploymentId?: string;
  issuedSecondsAgo?: number;
  expiresInSeconds?: number;
  nonce?: string;
  messageVersion?: string;
}

export interface FakeLtiPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  jwksUrl: string;
  authUrl: string;
  tokenUrl: string;
  deepLinkReturnUrl: string;
  /** The registration the support account enters, for this platform. */
  registration(schoolId: string): Record<string, unknown>;
  /** The login initiation's fields for a prepared launch (what the LMS posts to the tool's login address). */
  loginFields(launch: LaunchSpec): Record<string, string>;
  /** Follows the tool's redirect to the authentication endpoint over HTTP; the fields of the form it answers with. */
  authorize(location: string): Promise<Record<string, string>>;
  /** How many times the authentication endpoint refused a request, with why. */
  refusals: string[];
  close(): Promise<void>;
}

async function keyPair(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[m[1]!] = m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return fields;
}

export async function startFakeLtiPlatform(options: { clientId?: string; deploymentId?: string } = {}): Promise<FakeLtiPlatform> {
  const own = await keyPair();
  const other = await keyPair();
  const launches = new Map<string, LaunchSpec>();
  const refusals: string[] = [];
  const clientId = options.clientId ?? `client-${randomUUID().slice(0, 8)}`;
  const deploymentId = options.deploymentId ?? 'deployment-1';
  let issuer = '';

  async function idToken(launch: LaunchSpec, nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000) - (launch.issuedSecondsAgo ?? 0);
    const signer = launch.signWith === 'other' ? other : own;
    const claims: Record<string, unknown> = {
      nonce: launch.nonce ?? nonce,
      sub: launch.user.sub,
      name: launch.user.name,
      email: launch.user.email,
      email_verified: launch.user.emailVerified,
      [`${LTI}message_type`]: launch.kind === 'deep-link' ? 'LtiDeepLinkingRequest' : 'LtiResourceLinkRequest',
      [`${LTI}version`]: launch.messageVersion ?? '1.3.0',
      [`${LTI}deployment_id`]: launch.deploymentId ?? deploymentId,
      [`${LTI}target_link_uri`]: launch.targetLinkUri,
      [`${LTI}roles`]: launch.user.roles,
      ...(launch.context ? { [`${LTI}context`]: launch.context } : {}),
      ...(launch.kind !== 'deep-link' ? { [`${LTI}resource_link`]: { id: launch.resourceLinkId ?? 'link-1' } } : {}),
      ...(launch.custom ? { [`${LTI}custom`]: launch.custom } : {}),
      ...(launch.kind === 'deep-link'
        ? {
            [`${DL}deep_linking_settings`]: {
              deep_link_return_url: `${issuer}/deep-link-return`,
              accept_types: ['ltiResourceLink'],
              data: 'opaque-data',
            },
          }
        : {}),
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: signer.jwk.kid! })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + (launch.expiresInSeconds ?? 300))
      .sign(signer.privateKey);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [own.jwk] }));
      return;
    }
    if (url.pathname === '/auth') {
      const q = url.searchParams;
      const launch = launches.get(q.get('login_hint') ?? '');
      const why =
        q.get('response_type') !== 'id_token'
          ? 'response_type'
          : q.get('response_mode') !== 'form_post'
            ? 'response_mode'
            : q.get('scope') !== 'openid'
              ? 'scope'
              : q.get('client_id') !== clientId
                ? 'client_id'
                : !q.get('nonce') || !q.get('state')
                  ? 'nonce or state'
                  : !launch
                    ? 'login_hint'
                    : q.get('redirect_uri') !== launch.targetLinkUri
                      ? 'redirect_uri'
                      : undefined;
      if (why || !launch) {
        refusals.push(why ?? 'login_hint');
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`invalid_request: ${why}`);
        return;
      }
      void idToken(launch, q.get('nonce')!).then((token) => {
        const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<form method="post" action="${esc(q.get('redirect_uri')!)}"><input type="hidden" name="id_token" value="${esc(token)}"><input type="hidden" name="state" value="${esc(q.get('state')!)}"></form>`,
          );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    deploymentId,
    jwksUrl: `${issuer}/jwks`,
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    deepLinkReturnUrl: `${issuer}/deep-link-return`,
    refusals,
    registration: (schoolId) => ({
      schoolId,
      name: 'Fake LMS',
      issuer,
      clientId,
      deploymentIds: [deploymentId],
      authUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      jwksUrl: `${issuer}/jwks`,
    }),
    loginFields(launch) {
      const hint = randomUUID();
      launches.set(hint, launch);
      return { iss: issuer, login_hint: hint, target_link_uri: launch.targetLinkUri, client_id: clientId, lti_deployment_id: deploymentId };
    },
    async authorize(location) {
      const res = await fetch(location);
      if (!res.ok) throw new Error(`the fake platform refused the authentication request: ${await res.text()}`);
      return formFields(await res.text());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
