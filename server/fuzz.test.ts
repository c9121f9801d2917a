import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../contract/errors';
import { createTestContext, TestClient, type TestContext } from '../tests/harness';
import { startFakeGemini, type FakeGemini } from '../tests/fakes/gemini';
import { startFakeGoogleClassroom, type FakeGoogleClassroom } from '../tests/fakes/google-classroom';
import { fakeGeminiEnv } from '../tests/fakes/ai-helpers';
import {
  type BadValue,
  type Leaf,
  badParams,
  badQueryValues,
  badValuesFor,
  commonQueryKeys,
  leavesOf,
  rawBodies,
  replaceAt,
  sample,
  seededRandom,
  unstorableQueryValues,
} from '../tests/fuzz/corpus';
import { bodySeeds, fuzzCast, querySeeds, throwawayTeacher, type Fixtures, type Role } from '../tests/fuzz/cast';
import { readEnv } from './config';
import { syncBuiltinTemplates } from './modules/bots/templates/sync';

/**
 * Every route in the app's route table, fed bad input by every kind of caller: the answer is a 4xx
 * with the one error body, or a 2xx where the input is harmless, never a 5xx; and the server still
 * answers afterwards. Routes come from `app.routes`, so a route added later is fuzzed without a
 * change here; a known route also gets a valid request whose fields are replaced one at a time, so
 * bad values get past the checks that come before them. FUZZ_SEED repeats a run's sample;
 * FUZZ_FULL=1 sends everything (about ten times as many requests); FUZZ_ROUTES narrows it down.
 */

/** Routes not fuzzed as JSON routes, and why. Any other wildcard route fails the test until listed. */
const skipped: Record<string, string> = {
  'ALL /*': 'middleware',
  'ALL /api/*': 'middleware, and the not-found answer of unknown paths',
  'GET /api/auth/*': "better-auth's own handler: fuzzed through better-auth's endpoint table below",
  'POST /api/auth/*': "better-auth's own handler: fuzzed through better-auth's endpoint table below",
  'ALL /api/uploads': 'speaks tus, not JSON: fuzzed with tus headers below',
  'ALL /api/uploads/:id': 'speaks tus, not JSON: fuzzed with tus headers below',
  'ALL /api/superdash/*': "middleware: sets Cache-Control on superDash's answers; each route under it is fuzzed",
  'GET /api/live': 'an event stream that stays open and takes no input: its callers are tested in server/modules/live/live.test.ts',
};

const seed = Number(readEnv('FUZZ_SEED') ?? Date.now() % 1_000_000);
const full = readEnv('FUZZ_FULL') === '1';
/** FUZZ_ROUTES=<regex> fuzzes only the routes (`METHOD /path`) it matches, to look into one. */
const only = new RegExp(readEnv('FUZZ_ROUTES') ?? '.');
const random = seededRandom(seed);

interface Case {
  label: string;
  method: string;
  url: string;
  body?: string | Uint8Array | FormData;
  headers?: Record<string, string>;
  /** The answer must be this status. */
  status?: number;
  /** The answer must be a 4xx (the value is refused by any field that takes it). */
  refused?: boolean;
  /** The 422 must name this field. */
  field?: string;
  /** Sent by every caller, never left out of a sample. */
  always?: boolean;
}

interface Failure {
  role: string;
  label: string;
  request: string;
  status: number;
  body: string;
}

let ctx: TestContext;
let fake: FakeGemini;
let google: FakeGoogleClassroom;
let cast: Role[];
const failures: Failure[] = [];
let sent = 0;

beforeAll(async () => {
  fake = await startFakeGemini();
  google = await startFakeGoogleClassroom();
  ctx = await createTestContext(fakeGeminiEnv(fake, { AI_QUOTA_FREE_TEXT: '100000', AI_QUOTA_FREE_IMAGES: '1000', ...google.env }));
  await syncBuiltinTemplates(ctx.database.db);
  cast = await fuzzCast(ctx, google);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await google?.close();
});

/** Sends one case and records what is wrong with the answer. */
async function send(
  role: Role,
  c: Case,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  sent++;
  const res = await role.client.request(c.method, c.url, c.body, { ...headers, ...c.headers });
  // Streams (AI replies, downloads) are read to the end, so nothing runs on after the test.
  const text = c.method === 'HEAD' ? '' : await res.text();
  const problem = problemWith(c, res.status, text);
  if (problem) {
    failures.push({
      role: role.name,
      label: `${c.label}: ${problem}`,
      request: `${c.method} ${c.url.slice(0, 200)}`,
      status: res.status,
      body: text.slice(0, 300),
    });
  }
  return { status: res.status, text, headers: res.headers };
}

function problemWith(c: Case, status: number, text: string): string | undefined {
  if (status >= 500) return 'a server error';
  if (c.status !== undefined && status !== c.status) return `expected ${c.status}`;
  if (c.refused && status < 400) return 'accepted a value no field may take';
  if (status >= 400 && c.method !== 'HEAD') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return 'an error that is not JSON';
    }
    const shape = errorBody.safeParse(json);
    if (!shape.success) return 'an error without the one error body';
    if (c.field && status === 422 && !(c.field in (shape.data.error.fields ?? {}))) return `the 422 does not name ${c.field}`;
  }
  return undefined;
}

/** The route table: one entry per method and path, without middleware. */
function routeTable(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of ctx.app.routes) seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
}

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** The path with each :param filled with the sender's row (a fresh id when they have none), or `bad` for one of them. */
function fillPath(path: string, fx: Fixtures, bad?: { name: string; value: string }): string {
  const resource = path.split('/')[2] ?? '';
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    if (bad?.name === name) return bad.value;
    return (name === 'id' ? fx[resource] : fx[name]) ?? randomUUID();
  });
}

const qs = (query: Record<string, string>) => {
  const s = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return s ? `?${s}` : '';
};
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** `n` of `items` at random (all of them with FUZZ_FULL=1). */
const pick = <T>(items: readonly T[], n: number): T[] => (full ? [...items] : sample(items, n, random));

/** Each :param of the path replaced by a few bad values. */
function paramCases(method: string, path: string, role: Role, query = ''): Case[] {
  return paramsOf(path).flatMap((name) =>
    pick(badParams, 3).map((value) => ({
      label: `:${name}=${value.slice(0, 20)}`,
      method,
      url: fillPath(path, role.fixtures, { name, value }) + query,
      body: method === 'GET' ? undefined : '{}',
      refused: true,
    })),
  );
}

/** A valid value with each leaf replaced in turn: one value no field may take, and one other. */
function leafCases(
  value: unknown,
  build: (mutated: unknown, label: string) => Case,
  expect: (leaf: Leaf, bad: BadValue) => Partial<Case>,
): Case[] {
  return leavesOf(value).flatMap((leaf) => {
    const values = badValuesFor(leaf);
    const chosen = [
      ...pick(
        values.filter((v) => v.refused),
        1,
      ),
      ...pick(
        values.filter((v) => !v.refused),
        1,
      ),
    ];
    return chosen.map((bad) => ({
      ...build(replaceAt(value, leaf.path, bad.value), `${leaf.path.join('.')}=${bad.label}`),
      ...expect(leaf, bad),
    }));
  });
}

/** Bad route parameters, bad bodies, and each valid body with one field replaced. */
function mutatingCases(method: string, path: string, role: Role, seeds: unknown[]): Case[] {
  const url = fillPath(path, role.fixtures);
  const cases: Case[] = paramCases(method, path, role);
  for (const raw of rawBodies())
    cases.push({ label: raw.label, method, url, body: raw.body, headers: raw.type ? { 'content-type': raw.type } : {} });
  for (const seedBody of seeds) {
    cases.push({ label: 'extra NUL field', method, url, body: JSON.stringify({ ...(seedBody as object), ['\u0000']: '\u0000' }) });
    cases.push(
      ...leafCases(
        seedBody,
        (mutated, label) => ({ label, method, url, body: JSON.stringify(mutated) }),
        (leaf, bad) =>
          // Text that cannot be stored is a 422 naming the field, whatever the field.
          leaf.kind === 'text' && bad.refused && typeof bad.value === 'string'
            ? { refused: true, status: 422, field: leaf.path.join('.') }
            : { refused: bad.refused },
      ),
    );
  }
  return cases;
}

/**
 * Bad route parameters and bad query values, on top of the route's valid query. Every key the
 * route's seeds name (the keys it reads) also gets each unstorable value, on top of each seed query,
 * from every caller: the one who may use the route is often not the premium teacher (support,
 * an admin), and a sample could leave the key out.
 */
function queryCases(path: string, role: Role): Case[] {
  const seeds = querySeeds[path] ?? [{}];
  const base = seeds[0]!;
  const url = fillPath(path, role.fixtures);
  const cases: Case[] = paramCases('GET', path, role, qs(base));
  const without = (query: Record<string, string>, key: string) => {
    const others = qs(Object.fromEntries(Object.entries(query).filter(([k]) => k !== key)));
    return others ? `${others}&` : '?';
  };
  for (const key of new Set([...Object.keys(base), ...commonQueryKeys])) {
    const join = without(base, key);
    for (const value of pick(badQueryValues, 2))
      cases.push({ label: `?${key}=${value.slice(0, 20)}`, method: 'GET', url: `${url}${join}${key}=${value}` });
    cases.push({ label: `?${key} twice`, method: 'GET', url: `${url}${join}${key}=1&${key}=%00` });
  }
  for (const query of seeds)
    for (const key of Object.keys(query))
      for (const value of unstorableQueryValues)
        cases.push({ label: `?${key}=${value}`, method: 'GET', url: `${url}${without(query, key)}${key}=${value}`, always: true });
  return cases;
}

/** Cases built on a real cursor of a paged list: damaged, of another order, and with each field replaced. */
async function cursorCases(path: string, role: Role): Promise<Case[]> {
  const url = fillPath(path, role.fixtures);
  const cursors: { query: Record<string, string>; cursor: string }[] = [];
  for (const query of querySeeds[path] ?? [{}]) {
    const res = await role.client.request('GET', url + qs({ ...query, limit: '1' }));
    const text = await res.text();
    if (res.status !== 200 || !res.headers.get('content-type')?.includes('json')) continue;
    const body = JSON.parse(text) as { nextCursor?: unknown };
    if (typeof body.nextCursor === 'string') cursors.push({ query, cursor: body.nextCursor });
  }
  const depth = 10_000;
  const cases: Case[] = [];
  for (const [i, { query, cursor }] of cursors.entries()) {
    const at = (c: string) => url + qs({ ...query, limit: '1', cursor: c });
    const undecodable = [
      'garbage',
      '%00',
      b64('null'),
      b64('[1]'),
      b64('"x"'),
      b64('{}'),
      b64('['.repeat(depth) + ']'.repeat(depth)),
      'x'.repeat(5000),
      `${cursor}x`,
    ];
    for (const c of pick(undecodable, 4)) cases.push({ label: `cursor ${c.slice(0, 16)}`, method: 'GET', url: at(c), status: 400 });
    // A cursor of one order is no position in another (each seed query of a list pages in its own order).
    const other = cursors[(i + 1) % cursors.length]!;
    if (other.cursor !== cursor) cases.push({ label: 'cursor of another order', method: 'GET', url: at(other.cursor), status: 400 });
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    cases.push(
      ...leafCases(
        decoded,
        (mutated, label) => ({ label: `cursor ${label}`, method: 'GET', url: at(b64(JSON.stringify(mutated))) }),
        (_, bad) => (bad.refused ? { status: 400 } : {}),
      ),
    );
  }
  return cases;
}

/** How many cases each role sends per route; the premium teacher, whose requests reach furthest, sends all. */
const quota: Record<Role['name'], number> = {
  'premium teacher': Infinity,
  'free teacher': 10,
  support: 6,
  student: 6,
  'signed out': 4,
};

describe('the route fuzz', () => {
  it('answers every route 4xx or 2xx, never 5xx, for every caller', { timeout: 300_000 }, async () => {
    const started = Date.now();
    const routes = routeTable();
    const unknownWildcards = routes.filter((r) => r.path.includes('*') && !skipped[`${r.method} ${r.path}`]);
    expect(unknownWildcards, 'a wildcard route must be listed in `skipped` with how it is fuzzed').toEqual([]);
    const fuzzed = routes
      .filter((r) => !skipped[`${r.method} ${r.path}`] && only.test(`${r.method} ${r.path}`))
      // Deletes go last, so the rows they remove are there for every other route first.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

    for (const { method, path } of fuzzed) {
      for (const role of cast) {
        const methods = method === 'ALL' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [method];
        for (const m of methods) {
          const seeds = m === 'GET' ? [] : await bodySeeds(`${m} ${path}`, role);
          // The valid request first: it must pass for the premium teacher, or the mutations prove little.
          for (const seedBody of seeds) {
            const r = await send(role, { label: 'seed', method: m, url: fillPath(path, role.fixtures), body: JSON.stringify(seedBody) });
            if (role.name === 'premium teacher' && r.status >= 300)
              failures.push({
                role: role.name,
                label: 'the valid seed request was refused',
                request: `${m} ${path}`,
                status: r.status,
                body: r.text.slice(0, 300),
              });
          }
          const premium = role.name === 'premium teacher';
          const cases =
            m === 'GET'
              ? [...queryCases(path, role), ...(premium ? await cursorCases(path, role) : [])]
              : mutatingCases(m, path, role, seeds);
          // Only the premium teacher's seeds are known to pass; anyone else may be refused first for who they are.
          const chosen =
            premium || full
              ? cases
              : [
                  ...cases.filter((c) => c.always),
                  ...sample(
                    cases.filter((c) => !c.always),
                    quota[role.name],
                    random,
                  ),
                ];
          for (const c of chosen) await send(role, premium ? c : { ...c, status: undefined, field: undefined });
        }
      }
    }

    await tusCases();
    await authCases();

    const health = await cast[0]!.client.request('GET', '/api/health');
    expect(health.status).toBe(200);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`route fuzz: ${sent} requests to ${fuzzed.length} routes in ${seconds} s (FUZZ_SEED=${seed})`);
    expect(failures, `FUZZ_SEED=${seed}`).toEqual([]);
  });
});

/** better-auth's endpoints, from its own table: bad bodies, bad queries, bad path parameters. */
async function authCases() {
  const api = ctx.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>;
  const endpoints = Object.values(api)
    .filter((e) => typeof e.path === 'string')
    .flatMap((e) => [e.options?.method ?? 'GET'].flat().map((method) => ({ method, path: `/api/auth${e.path}` })))
    // Signing out and revoking end the sender's session: last.
    .sort((a, b) => Number(/sign-out|revoke/.test(a.path)) - Number(/sign-out|revoke/.test(b.path)));
  const teacher = await throwawayTeacher(ctx);
  // Its own client: a sign-in among the cases signs it in.
  const signedOut: Role = { name: 'signed out', client: new TestClient(ctx, '192.0.2.1'), fixtures: {} };
  // A body with the fields better-auth's endpoints read (each reads its own and drops the rest).
  const seedBody = (path: string): object =>
    path.endsWith('/update-user')
      ? { name: 'Fuzz', image: null }
      : {
          email: teacher.email,
          password: 'password123',
          name: 'Fuzz',
          newPassword: 'password123',
          currentPassword: 'password123',
          token: 'x',
          callbackURL: '/',
          image: null,
        };
  // better-auth logs the callbacks it refuses ("State not found") itself; anything else logged still fails the test.
  const logError = console.error;
  console.error = (...args: unknown[]) => {
    if (!args.some((a) => String(a).includes('[Better Auth]'))) logError(...args);
  };
  try {
    await authEndpointCases(endpoints, teacher, signedOut, seedBody);
  } finally {
    console.error = logError;
  }
}

async function authEndpointCases(
  endpoints: { method: string; path: string }[],
  teacher: Role,
  signedOut: Role,
  seedBody: (path: string) => object,
) {
  for (const { method, path } of endpoints) {
    const target = fillPath(path, {});
    // A bad OAuth state or provider is answered with a redirect to the error page: not refused as such.
    const cases: Case[] = paramCases(method, path, signedOut).map((c) => ({ ...c, refused: false }));
    if (method === 'GET') {
      for (const key of ['token', 'callbackURL', 'id', 'disableCookieCache'])
        for (const value of pick(badQueryValues, 3))
          cases.push({ label: `?${key}=${value.slice(0, 20)}`, method, url: `${target}?${key}=${value}` });
    } else {
      for (const raw of rawBodies())
        cases.push({ label: raw.label, method, url: target, body: raw.body, headers: raw.type ? { 'content-type': raw.type } : {} });
      cases.push(
        ...leafCases(
          seedBody(path),
          (mutated, label) => ({ label, method, url: target, body: JSON.stringify(mutated) }),
          // Text that cannot be stored is refused before better-auth sees it, by name.
          (leaf, bad) =>
            leaf.kind === 'text' && bad.refused && typeof bad.value === 'string' ? { refused: true, field: leaf.path.join('.') } : {},
        ),
      );
    }
    for (const role of [signedOut, teacher]) {
      for (const c of full ? cases : sample(cases, 4, random)) {
        // A fresh address per request: the auth rate limits would otherwise answer 429 before the handler runs.
        await send(role, c, { 'X-Forwarded-For': `192.0.2.${Math.floor(random() * 250) + 1}` });
      }
    }
  }
}

/** The tus endpoint: bad lengths, offsets and metadata, as the premium teacher and as nobody. */
async function tusCases() {
  const premium = cast[0]!;
  const tus = { 'Tus-Resumable': '1.0.0' };
  const meta = (name: string | Buffer, type: string | Buffer = 'text/plain', purpose: string | Buffer = 'attachment') =>
    `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')},purpose ${Buffer.from(purpose).toString('base64')}`;
  const create = (label: string, headers: Record<string, string>): Case => ({
    label,
    method: 'POST',
    url: '/api/uploads',
    headers: { ...tus, ...headers },
  });
  const patch = (label: string, url: string, offset: string): Case => ({
    label,
    method: 'PATCH',
    url,
    headers: { ...tus, 'Upload-Offset': offset, 'content-type': 'application/offset+octet-stream' },
    body: 'hello',
  });
  const cases: Case[] = [];
  for (const length of ['-1', '2147483648', '9007199254740993', 'NaN', '1e3', '', '0x10'])
    cases.push(create(`Upload-Length ${length}`, { 'Upload-Length': length, 'Upload-Metadata': meta('a.txt') }));
  for (const [label, metadata] of [
    ['NUL file name', meta('a\u0000b.txt')],
    ['lone surrogate name', meta(Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x74, 0x78, 0x74]))],
    ['NUL file type', meta('a.txt', 'text/plain\u0000')],
    ['NUL purpose', meta('a.txt', 'text/plain', '\u0000')],
    ['long name', meta(`${'x'.repeat(5000)}.txt`)],
    ['not base64', 'filename !!!,purpose %%%'],
    ['no metadata', ''],
  ] as const) {
    cases.push(create(label, { 'Upload-Length': '5', 'Upload-Metadata': metadata }));
  }
  for (const value of badParams) {
    const url = `/api/uploads/${value}`;
    cases.push(patch(`PATCH :id=${value.slice(0, 20)}`, url, '0'));
    for (const method of ['HEAD', 'DELETE']) cases.push({ label: `${method} :id=${value.slice(0, 20)}`, method, url, headers: tus });
  }
  for (const role of [premium, cast.find((r) => r.name === 'signed out')!]) {
    for (const c of cases) {
      const r = await send(role, c);
      // An upload that was created is sent to its end, so its metadata reaches the file it becomes.
      const location = r.status === 201 ? r.headers.get('location') : null;
      if (location) await send(role, patch('finishing it', new URL(location, 'http://x').pathname, '0'));
    }
  }
  // A real upload, finished with bad offsets and then with its bytes.
  const created = await send(premium, create('a good upload', { 'Upload-Length': '5', 'Upload-Metadata': meta('ok.txt') }));
  const url = new URL(created.headers.get('location') ?? '/api/uploads/none', 'http://x').pathname;
  for (const offset of ['-1', '2147483648', '9007199254740993', 'NaN', '', '5'])
    await send(premium, patch(`Upload-Offset ${offset}`, url, offset));
  await send(premium, patch('the upload finished', url, '0'));
}
