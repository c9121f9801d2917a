import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A fake LMS that speaks LTI 1.3 as Canvas, Moodle and Schoology do (docs/decisions/091 and 261):
 * its own RS256 key, served at /jwks; an OIDC authentication endpoint that answers a tool's login
 * redirect with the auto-posting form of a signed id_token; launches prepared by the test and
 * found again by their login_hint. A second key it does not publish signs forged launches.
 */

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
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
  /** The gradebook column of the launched link (the AGS claim's lineitem). */
  lineItem?: string;
}

/** A score as the gradebook holds it (the AGS score object). */
export interface GradebookScore {
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  comment?: string;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
}

/** What the platform made of a deep-linking answer: one resource link per content item. */
export interface PlacedLink {
  title: string;
  custom: Record<string, string>;
  lineItemUrl?: string;
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
  /** The tool's public keys, as the platform fetches them (set once the tool is known). */
  trustTool(keys: () => Promise<{ keys: JWK[] }>): void;
  /** The course's members as its Names and Role Provisioning service lists them. */
  setMembers(contextId: string, members: FakeUser[]): void;
  /** Takes the tool's deep-linking answer as the platform's return address would: checked, one link and gradebook column per item. */
  acceptDeepLink(jwt: string): Promise<PlacedLink[]>;
  /** The latest score per user in a gradebook column. */
  gradebook(lineItemUrl: string): Map<string, GradebookScore>;
  /** The next n score posts are answered 503. */
  failScores(n: number): void;
  /** Members per page of the member list (to make the tool follow pages). */
  membersPerPage: number;
  /** Member-list page requests answered or held so far, and access tokens issued so far. */
  readonly memberReads: number;
  readonly tokensIssued: number;
  /** Holds every member-list answer until the returned function is called (a slow platform). */
  holdMembers(): () => void;
  /**
   * The browser side, as a teacher and students see their LMS: the tool's base address (its login
   * address, launch address and keys follow), then courses whose page, /course/<id>?as=<sub>, has
   * "Add ClassBots" for an instructor, a launch button per placed link, and the gradebook.
   */
  useTool(toolBaseUrl: string): void;
  course(contextId: string, title: string, people: FakeUser[]): void;
  coursePage(contextId: string, sub: string): string;
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
  let toolKeys: (() => Promise<{ keys: JWK[] }>) | undefined;
  const members = new Map<string, FakeUser[]>();
  const tokens = new Map<string, string[]>();
  const lineItems = new Map<string, Map<string, GradebookScore>>();
  let scoreFailures = 0;
  const state = { membersPerPage: 50, memberReads: 0, tokensIssued: 0 };
  let membersHeld: Promise<void> | undefined;
  let toolBase = '';
  const courses = new Map<string, { title: string; people: FakeUser[]; links: PlacedLink[] }>();
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

  function loginForm(label: string, spec: LaunchSpec): string {
    const fields = api.loginFields(spec);
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    return `<form method="post" action="${esc(toolBase)}/api/lti/login">${inputs}<button type="submit">${esc(label)}</button></form>`;
  }

  function gradebook(link: PlacedLink, people: FakeUser[]): string {
    const column = link.lineItemUrl ? lineItems.get(link.lineItemUrl) : undefined;
    if (!column) return '';
    const rows = people
      .filter((p) => column.has(p.sub))
      .map((p) => {
        const g = column.get(p.sub)!;
        const score = g.scoreGiven === undefined ? '' : `${g.scoreGiven} / ${g.scoreMaximum ?? ''}`;
        return `<tr><td>${esc(p.name ?? p.sub)}</td><td>${esc(g.activityProgress)}</td><td>${score}</td><td>${esc(g.comment ?? '')}</td></tr>`;
      })
      .join('');
    return `<table aria-label="Gradebook: ${esc(link.title)}"><tr><th>Student</th><th>Progress</th><th>Score</th><th>Comment</th></tr>${rows}</table>`;
  }

  function renderCourse(contextId: string, sub: string): string {
    const course = courses.get(contextId);
    const user = course?.people.find((p) => p.sub === sub);
    if (!course || !user) return '<h1>No such course or person</h1>';
    const context = { id: contextId, title: course.title };
    const launchUrl = `${toolBase}/api/lti/launch`;
    const teacher = user.roles.includes(ROLE.instructor);
    const links = course.links
      .map(
        (link) =>
          `<li>${loginForm(`Open ${link.title}`, { user, context, custom: link.custom, lineItem: link.lineItemUrl, targetLinkUri: launchUrl })}${teacher ? gradebook(link, course.people) : ''}</li>`,
      )
      .join('');
    const add = teacher ? loginForm('Add ClassBots', { user, context, kind: 'deep-link', targetLinkUri: launchUrl }) : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(course.title)}</title></head><body><h1>${esc(course.title)}</h1><p>Signed in to the LMS as ${esc(user.name ?? sub)}</p>${add}<ul aria-label="Course links">${links}</ul></body></html>`;
  }

  async function verifyToolJwt(jwt: string, audience: string) {
    if (!toolKeys) throw new Error('the fake platform does not know the tool yet: call trustTool');
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await toolKeys()), { issuer: clientId, audience });
    return payload;
  }

  function bearerScopes(auth: string | undefined): string[] {
    return tokens.get(/^Bearer (.+)$/.exec(auth ?? '')?.[1] ?? '') ?? [];
  }

  async function readBody(req: import('node:http').IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function token(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    try {
      if (form.get('grant_type') !== 'client_credentials') throw new Error('grant_type');
      if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
        throw new Error('client_assertion_type');
      const claims = await verifyToolJwt(form.get('client_assertion') ?? '', `${issuer}/token`);
      if (claims.sub !== clientId) throw new Error('sub');
    } catch (err) {
      refusals.push(`token: ${err instanceof Error ? err.message : 'refused'}`);
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client' }));
      return;
    }
    const access = randomUUID();
    state.tokensIssued++;
    tokens.set(access, (form.get('scope') ?? '').split(' '));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ access_token: access, token_type: 'Bearer', expires_in: 3600 }));
  }
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
      ...(launch.context
        ? {
            'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
              context_memberships_url: `${issuer}/nrps/${launch.context.id}`,
              service_versions: ['2.0'],
            },
          }
        : {}),
      ...(launch.lineItem
        ? { 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { scope: [SCORE_SCOPE], lineitem: launch.lineItem } }
        : {}),
      ...(launch.kind === 'deep-link'
        ? {
            [`${DL}deep_linking_settings`]: {
              deep_link_return_url: `${issuer}/deep-link-return`,
              accept_types: ['ltiResourceLink'],
              // The course and the person, so the return address knows where the links go.
              data: launch.context ? JSON.stringify([launch.context.id, launch.user.sub]) : 'opaque-data',
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

  /** One page of a course's member list (NRPS), as the platform answers it. */
  function answerMembers(url: URL, contextId: string, res: import('node:http').ServerResponse) {
    const all = members.get(decodeURIComponent(contextId)) ?? [];
    const page = Number(url.searchParams.get('page') ?? '0');
    const slice = all.slice(page * state.membersPerPage, (page + 1) * state.membersPerPage);
    const headers: Record<string, string> = { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' };
    if ((page + 1) * state.membersPerPage < all.length) headers.link = `<${issuer}${url.pathname}?page=${page + 1}>; rel="next"`;
    res.writeHead(200, headers).end(
      JSON.stringify({
        id: url.toString(),
        members: slice.map((m) => ({ status: 'Active', user_id: m.sub, name: m.name, email: m.email, roles: m.roles })),
      }),
    );
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    // A browser on the course page asks for an icon: none, and no 404 in its console.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (url.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [own.jwk] }));
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      void token(req, res);
      return;
    }
    const nrps = /^\/nrps\/([^/]+)$/.exec(url.pathname);
    if (nrps && req.method === 'GET') {
      if (!bearerScopes(req.headers.authorization).includes(NRPS_SCOPE)) {
        res.writeHead(401).end();
        return;
      }
      state.memberReads++;
      if (membersHeld) {
        const held = membersHeld;
        void held.then(() => answerMembers(url, nrps[1]!, res));
        return;
      }
      answerMembers(url, nrps[1]!, res);
      return;
    }
    const scores = /^\/lineitems\/([^/]+)\/scores$/.exec(url.pathname);
    if (scores && req.method === 'POST') {
      void readBody(req).then((body) => {
        const column = lineItems.get(`${issuer}/lineitems/${scores[1]}`);
        if (!bearerScopes(req.headers.authorization).includes(SCORE_SCOPE)) return void res.writeHead(401).end();
        if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') return void res.writeHead(415).end();
        if (!column) return void res.writeHead(404).end();
        if (scoreFailures > 0) {
          scoreFailures--;
          return void res.writeHead(503).end();
        }
        const score = JSON.parse(body) as GradebookScore;
        column.set(score.userId, score);
        res.writeHead(204).end();
      });
      return;
    }
    const coursePath = /^\/course\/([^/]+)$/.exec(url.pathname);
    if (coursePath && req.method === 'GET') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(renderCourse(decodeURIComponent(coursePath[1]!), url.searchParams.get('as') ?? ''));
      return;
    }
    if (url.pathname === '/deep-link-return' && req.method === 'POST') {
      void readBody(req).then(async (body) => {
        try {
          const jwt = new URLSearchParams(body).get('JWT') ?? '';
          const claims = await verifyToolJwt(jwt, issuer);
          const [contextId, sub] = JSON.parse(String(claims[`${DL}data`])) as [string, string];
          courses.get(contextId)?.links.push(...(await api.acceptDeepLink(jwt)));
          res.writeHead(303, { location: `/course/${encodeURIComponent(contextId)}?as=${encodeURIComponent(sub)}` }).end();
        } catch {
          refusals.push('deep-link-return');
          res.writeHead(400, { 'content-type': 'text/plain' }).end('The tool answered with a response the platform could not verify.');
        }
      });
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
            `<form method="post" action="${esc(q.get('redirect_uri')!)}"><input type="hidden" name="id_token" value="${esc(token)}"><input type="hidden" name="state" value="${esc(q.get('state')!)}"></form><script>document.forms[0].submit()</script>`,
          );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: FakeLtiPlatform = {
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
    trustTool: (keys) => void (toolKeys = keys),
    setMembers: (contextId, list) => void members.set(contextId, list),
    async acceptDeepLink(jwt) {
      const claims = await verifyToolJwt(jwt, issuer);
      if (claims[`${LTI}message_type`] !== 'LtiDeepLinkingResponse') throw new Error('not a deep-linking response');
      const items = (claims[`${DL}content_items`] ?? []) as {
        type: string;
        title: string;
        custom?: Record<string, string>;
        lineItem?: unknown;
      }[];
      return items
        .filter((item) => item.type === 'ltiResourceLink')
        .map((item) => {
          const lineItemUrl = item.lineItem ? `${issuer}/lineitems/${randomUUID()}` : undefined;
          if (lineItemUrl) lineItems.set(lineItemUrl, new Map());
          return { title: item.title, custom: item.custom ?? {}, lineItemUrl };
        });
    },
    gradebook: (lineItemUrl) => lineItems.get(lineItemUrl) ?? new Map(),
    failScores: (n) => void (scoreFailures = n),
    get membersPerPage() {
      return state.membersPerPage;
    },
    set membersPerPage(n: number) {
      state.membersPerPage = n;
    },
    get memberReads() {
      return state.memberReads;
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
    holdMembers() {
      let release!: () => void;
      membersHeld = new Promise<void>((resolve) => (release = resolve));
      return () => {
        membersHeld = undefined;
        release();
      };
    },
    useTool(base) {
      toolBase = base.replace(/\/$/, '');
      toolKeys ??= async () => (await fetch(`${toolBase}/api/lti/jwks`)).json() as Promise<{ keys: JWK[] }>;
    },
    course(contextId, title, people) {
      courses.set(contextId, { title, people, links: courses.get(contextId)?.links ?? [] });
      members.set(contextId, people);
    },
    coursePage: (contextId, sub) => `${issuer}/course/${encodeURIComponent(contextId)}?as=${encodeURIComponent(sub)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}
