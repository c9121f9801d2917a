import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS, nginxConfig, nginxSite } from './topology.mjs';

// The container recipe (Dockerfile, deploy/compose.yaml, deploy/nginx.conf) against the topology
// the topology test runs (deploy/topology.mjs): no container is built or started here.

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * What `npm run build` makes, by the code that makes it (checked below against that code):
 * vite.config.ts builds the web app (root web/) into dist/web; scripts/lib.mjs (buildServer, run
 * by scripts/build-server.mjs) writes main.js, the two workers, their chunks, source maps,
 * build.json and migrations/ (the journal and SQL files of server/db/migrations) into dist/server.
 */
const BUILD_OUTPUTS = ['dist/web', 'dist/server'];

/** What dist/server/main.js reads beside itself at run time, relative to the app folder. */
const RUNTIME_NEEDS = [
  'dist/server/main.js', // the entry point (CMD)
  'dist/server/extract.worker.js', // server/storage/extract.ts forks it beside itself
  'dist/server/migrations', // server/db/client.ts: ./migrations beside the chunk
  'dist/web', // server/main.ts: ../web from dist/server
  'package.json', // server/lib/version.ts: ../../package.json from dist/server
  'server/cli/main.ts', // npm run cli: tsx runs the operator's command line from the sources
  'contract', // which the server's sources import
];

// ---- a YAML reader for the subset compose.yaml is written in ----------------------------------
// Block mappings and sequences, quoted and plain scalars, one-line lists of scalars ([a, 'b']),
// literal block scalars (|), comments. Anything else (flow mappings, anchors, merge keys, folded
// scalars, tabs) is refused, so the file cannot quietly mean something this reader does not see.

type Yaml = string | null | Yaml[] | { [key: string]: Yaml };

function parseYaml(text: string): Yaml {
  const lines = text.split('\n');
  let at = 0;
  const indentOf = (line: string) => line.search(/\S/);
  const blank = (line: string) => /^\s*(#.*)?$/.test(line);
  const skipBlank = () => {
    while (at < lines.length && blank(lines[at]!)) at++;
  };
  const fail = (why: string): never => {
    throw new Error(`compose.yaml line ${at + 1}: ${why}`);
  };

  const flowList = (s: string): Yaml[] => {
    const items: Yaml[] = [];
    const item = /\s*('(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^,\]\s'"[{][^,\]]*?)\s*(,|\])/y;
    item.lastIndex = 1;
    for (;;) {
      const m = item.exec(s) ?? fail(`unsupported list: ${s}`);
      items.push(scalar(m[1]!));
      if (m[2] === ']') break;
    }
    if (!/^\s*(#.*)?$/.test(s.slice(item.lastIndex))) fail(`text after a list: ${s}`);
    return items;
  };

  const scalar = (raw: string): string | null => {
    const s = raw.trim();
    let value: string;
    let rest: string;
    if (s.startsWith("'")) {
      const m = /^'((?:[^']|'')*)'(.*)$/.exec(s) ?? fail('unclosed quote');
      value = m[1]!.replace(/''/g, "'");
      rest = m[2]!;
    } else if (s.startsWith('"')) {
      const m = /^("(?:[^"\\]|\\.)*")(.*)$/.exec(s) ?? fail('unclosed quote');
      value = JSON.parse(m[1]!) as string;
      rest = m[2]!;
    } else {
      if (/^[[{&*!>|%@`]/.test(s)) fail(`unsupported YAML: ${s}`);
      const m = /^(.*?)(\s+#.*)?$/.exec(s)!;
      return m[1] === '' || m[1] === '~' || m[1] === 'null' ? null : m[1]!;
    }
    if (!/^\s*(#.*)?$/.test(rest)) fail(`text after a quoted value: ${rest}`);
    return value;
  };

  const literal = (header: string, parentIndent: number): string => {
    if (header !== '|' && header !== '|-') fail(`unsupported block scalar ${header}`);
    const body: string[] = [];
    let indent = -1;
    while (at < lines.length) {
      const line = lines[at]!;
      if (line.trim() === '') {
        body.push('');
        at++;
        continue;
      }
      const i = indentOf(line);
      if (i <= parentIndent) break;
      if (indent < 0) indent = i;
      if (i < indent) fail('a block scalar line less indented than its first');
      body.push(line.slice(indent));
      at++;
    }
    while (body.length && body[body.length - 1] === '') body.pop();
    return body.join('\n') + (header === '|' ? '\n' : '');
  };

  // The value after `key:` or `- `: inline, a literal block, or a nested block below.
  const value = (inline: string, ownIndent: number): Yaml => {
    const s = inline.trim();
    if (s === '|' || s === '|-' || s.startsWith('>')) {
      at++;
      return literal(s, ownIndent);
    }
    if (s !== '' && !s.startsWith('#')) {
      const v = s.startsWith('[') ? flowList(s) : scalar(s);
      at++;
      return v;
    }
    at++;
    skipBlank();
    if (at >= lines.length) return null;
    const next = indentOf(lines[at]!);
    // A sequence may sit at its key's own indent (`key:` then `- item`).
    if (next > ownIndent || (next === ownIndent && /^\s*-(\s|$)/.test(lines[at]!))) return block(next);
    return null;
  };

  const block = (indent: number): Yaml => {
    skipBlank();
    const line = lines[at]!;
    if (line.includes('\t')) fail('a tab');
    return /^\s*-(\s|$)/.test(line) ? sequence(indent) : mapping(indent);
  };

  const sequence = (indent: number): Yaml[] => {
    const items: Yaml[] = [];
    for (skipBlank(); at < lines.length && indentOf(lines[at]!) === indent && /^\s*-(\s|$)/.test(lines[at]!); skipBlank()) {
      const line = lines[at]!;
      const content = line.slice(indent + 1);
      const pad = content.search(/\S|$/);
      const rest = content.slice(pad);
      if (/^('(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^\s'"#][^:#]*?):(\s|$)/.test(rest)) {
        // `- key: value`: a mapping whose keys sit where this one does.
        lines[at] = ' '.repeat(indent + 1 + pad) + rest;
        items.push(mapping(indent + 1 + pad));
      } else items.push(value(rest, indent));
    }
    return items;
  };

  const mapping = (indent: number): { [key: string]: Yaml } => {
    const out: { [key: string]: Yaml } = {};
    for (skipBlank(); at < lines.length && indentOf(lines[at]!) === indent; skipBlank()) {
      const line = lines[at]!;
      if (/^\s*-(\s|$)/.test(line)) break;
      const m = /^\s*('(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^\s'"#][^:#]*?):(\s+(.*))?$/.exec(line) ?? fail(`not a key: value line: ${line}`);
      const key = scalar(m[1]!) ?? fail('an empty key');
      if (key === '<<') fail('merge keys are not supported');
      if (key in out) fail(`the key ${key} twice`);
      out[key] = value(m[3] ?? '', indent);
    }
    if (at < lines.length && indentOf(lines[at]!) > indent) fail('unexpected indentation');
    return out;
  };

  skipBlank();
  const doc = block(indentOf(lines[at]!));
  skipBlank();
  if (at < lines.length) fail('unexpected text');
  return doc;
}

// ---- the Dockerfile, as instructions by stage -------------------------------------------------

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

function dockerStages(text: string): Stage[] {
  const joined = text.replace(/\\\n/g, ' ');
  const stages: Stage[] = [];
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (!op || args === undefined) throw new Error(`Dockerfile: cannot read ${line}`);
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [image, as, name] = args.split(/\s+/);
      stages.push({ from: image!, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`Dockerfile: ${upper} before FROM`);
      stage.instructions.push({ op: upper, args: args.replace(/\s+/g, ' ') });
    }
  }
  return stages;
}

const ops = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op).map((i) => i.args);

// ---- the checks --------------------------------------------------------------------------------

type Mapping = { [key: string]: Yaml };
const asMapping = (v: Yaml | undefined, what: string): Mapping => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(`${what} is not a mapping`);
  return v;
};

const compose = asMapping(parseYaml(read('deploy/compose.yaml')), 'compose.yaml');
const services = asMapping(compose.services, 'services');
const environment = (name: string) =>
  asMapping(asMapping(services[name], name).environment, `${name}.environment`) as Record<string, string>;
/** The app processes: the services that build the Dockerfile and run its own command. */
const appServices = Object.keys(services).filter((name) => {
  const s = asMapping(services[name], name);
  return s.build !== undefined && s.command === undefined && s.entrypoint === undefined;
});
const isPlaceholder = (v: string) => /\{\w+\}/.test(v);

describe('deploy/nginx.conf', () => {
  it('is nginxConfig for the app services of the compose file, byte for byte', () => {
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    const port = environment(appServices[0]!).PORT;
    expect(read('deploy/nginx.conf')).toBe(nginxConfig({ listen: 80, upstreams: appServices.map((s) => `${s}:${port}`) }));
  });
});

/** Debian's nginx (apt-get install nginx), whose own nginx.conf includes sites-enabled/. */
const debianNginx = ['/usr/sbin/nginx', '/etc/nginx/nginx.conf'].every((f) => existsSync(f)) && process.getuid?.() === 0;

describe('deploy/nginx-site.conf (a host running its own nginx)', () => {
  it('is nginxSite for three processes on this machine, byte for byte, with the same proxy blocks as deploy/nginx.conf', () => {
    const upstreams = ['127.0.0.1:3000', '127.0.0.1:3001', '127.0.0.1:3002'];
    const site = read('deploy/nginx-site.conf');
    expect(site).toBe(nginxSite({ listen: 80, serverName: 'classbots.example.org', upstreams }));
    // No directive of a whole nginx.conf: Debian's keeps its pid file, its logs and its temp folders.
    for (const directive of ['pid ', 'error_log ', 'events ', 'http {', '_temp_path ', 'worker_processes '])
      expect(site).not.toContain(directive);
    // What the container's file proxies, the site proxies the same way.
    const blocks = (conf: string) =>
      conf
        .slice(conf.indexOf('  keepalive'))
        .replace(/^ +/gm, '')
        .replace(/server_name .*\n/, '');
    expect(blocks(site)).toBe(blocks(nginxConfig({ listen: 80, upstreams })).replace(/\}\n$/, ''));
  });

  // Cheap (a configuration check, no server): run where Debian's package is installed as root (CI installs it).
  it.skipIf(!debianNginx)('passes nginx -t inside Debian’s own nginx.conf, as sites-enabled/classbots', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'classbots-nginx-site-'));
    try {
      const main = readFileSync('/etc/nginx/nginx.conf', 'utf8');
      expect(main).toContain('include /etc/nginx/sites-enabled/*;');
      const conf = path.join(dir, 'nginx.conf');
      writeFileSync(conf, main.replace('include /etc/nginx/sites-enabled/*;', `include ${path.join(root, 'deploy/nginx-site.conf')};`));
      const check = spawnSync('/usr/sbin/nginx', ['-t', '-c', conf], { encoding: 'utf8', timeout: 10_000 });
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/compose.yaml', () => {
  it('gives every app service exactly the settings of APP_SETTINGS, the fixed ones with the same values', () => {
    const fixed = Object.entries(APP_SETTINGS).filter(([, v]) => !isPlaceholder(v));
    expect(fixed.length).toBeGreaterThan(0);
    for (const app of appServices) {
      const env = environment(app);
      expect(Object.keys(env).sort(), app).toEqual(Object.keys(APP_SETTINGS).sort());
      for (const [key, v] of fixed) expect(env[key], `${app} ${key}`).toBe(v);
      for (const [key, v] of Object.entries(env)) expect(typeof v === 'string' && v.trim() !== '', `${app} ${key} is set`).toBe(true);
    }
    // Every app process is configured alike (AUTH_SECRET above all).
    for (const app of appServices) expect(environment(app), app).toEqual(environment(appServices[0]!));
  });

  it('fills the placeholders with the values of this setup: its port, its services, secrets that must be given', () => {
    const env = environment(appServices[0]!);
    expect(env.PORT).toBe('3000');
    expect(new URL(env.DATABASE_URL!.replace(/\$\{[^}]*\}/g, 'x')).hostname).toBe('postgres');
    expect(new URL(env.S3_ENDPOINT!).hostname).toBe('s3');
    for (const name of ['proxy', 'postgres', 's3']) expect(services[name], name).toBeDefined();
    for (const secret of ['AUTH_SECRET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(env[secret], secret).toMatch(new RegExp(`^\\$\\{${secret}:\\?[^}]+\\}$`));
    expect(env.DATABASE_URL).toMatch(/\$\{POSTGRES_PASSWORD:\?[^}]+\}/);
    expect(environment('postgres').POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?[^}]+\}$/);
  });

  it('makes the bucket with the S3 settings of the apps before they start, after postgres is healthy', () => {
    const env = environment(appServices[0]!);
    const bucket = environment('bucket');
    // The app's own image (its S3 client), built from the Dockerfile at the root like the apps.
    for (const name of [...appServices, 'bucket']) {
      const service = asMapping(services[name], name);
      expect(service.build, name).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      expect(service.image, name).toBe(asMapping(services[appServices[0]!], 'app').image);
    }
    expect(JSON.stringify(asMapping(services.bucket, 'bucket').command)).toMatch(/^\["node","-e",".*CreateBucketCommand/);
    for (const [key, v] of Object.entries(bucket)) expect(v, `bucket ${key}`).toBe(env[key]);
    expect(Object.keys(bucket).sort()).toEqual(
      Object.keys(env)
        .filter((k) => k.startsWith('S3_'))
        .sort(),
    );
    for (const app of appServices) {
      const dependsOn = asMapping(asMapping(services[app], app).depends_on, `${app}.depends_on`);
      expect(asMapping(dependsOn.postgres, 'postgres').condition, app).toBe('service_healthy');
      expect(asMapping(dependsOn.bucket, 'bucket').condition, app).toBe('service_completed_successfully');
    }
    const healthcheck = asMapping(asMapping(services.postgres, 'postgres').healthcheck, 'healthcheck');
    expect(JSON.stringify(healthcheck.test)).toContain('pg_isready');
  });

  it('serves deploy/nginx.conf through the proxy on port 8080, to healthy apps sharing one DATA_DIR', () => {
    const proxy = asMapping(services.proxy, 'proxy');
    expect(proxy.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(proxy.ports).toContain('8080:80');
    // nginxConfig's default tempDir: nginx makes the folders inside it, not the folder itself.
    expect(nginxConfig({ listen: 80, upstreams: ['a:1'] })).toContain('/tmp/nginx/body;');
    expect(proxy.tmpfs).toContain('/tmp/nginx');
    const dependsOn = asMapping(proxy.depends_on, 'proxy.depends_on');
    expect(Object.keys(dependsOn).sort()).toEqual([...appServices].sort());
    for (const app of appServices) expect(asMapping(dependsOn[app], app).condition, app).toBe('service_healthy');
    // Uploads in progress live in DATA_DIR; with no sticky sessions every process must see them.
    const mounts = appServices.map((app) => asMapping(services[app], app).volumes);
    for (const m of mounts) expect(m).toEqual([`appdata:${environment(appServices[0]!).DATA_DIR}`]);
  });
});

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const runtime = stages.at(-1)!;
  const build = stages.find((s) => s.name === 'build');

  it('builds on node:22-bookworm-slim with every dependency, then runs with production ones only', () => {
    expect(build).toBeDefined();
    expect(stages.map((s) => s.from)).toEqual(['node:22-bookworm-slim', 'node:22-bookworm-slim']);
    const buildRuns = ops(build!, 'RUN').join('\n');
    expect(buildRuns).toMatch(/npm ci(?! [^\n]*--omit)/);
    expect(buildRuns).toContain('npm run build');
    expect(ops(runtime, 'RUN').join('\n')).toContain('npm ci --omit=dev');
  });

  it('runs as a user other than root, checks /api/health with node, and starts dist/server/main.js', () => {
    const users = ops(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const health = ops(runtime, 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]).toMatch(/CMD \["node", "-e", ".*'http:\/\/127\.0\.0\.1:' .*'\/api\/health'/);
    expect(JSON.parse(ops(runtime, 'CMD').at(-1)!)).toEqual(['node', '--enable-source-maps', 'dist/server/main.js']);
    expect(ops(runtime, 'EXPOSE')).toEqual([environment(appServices[0]!).PORT]);
  });

  it('copies from the build stage only what npm run build makes, and everything the server reads', () => {
    const workdir = (stage: Stage) => ops(stage, 'WORKDIR').at(-1);
    expect(workdir(build!)).toBe('/app');
    expect(workdir(runtime)).toBe('/app');
    const copies = ops(runtime, 'COPY').map((args) => {
      const parts = args.split(' ');
      const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
      const paths = parts.filter((p) => !p.startsWith('--'));
      return { from, sources: paths.slice(0, -1), dest: path.posix.join('/app', paths.at(-1)!) };
    });
    const fromBuild = copies.filter((c) => c.from === 'build');
    expect(fromBuild.length).toBeGreaterThan(0);
    const provided: string[] = [];
    for (const c of fromBuild) {
      for (const source of c.sources) {
        const rel = path.posix.relative('/app', source);
        expect(
          BUILD_OUTPUTS.some((out) => rel === out || rel.startsWith(`${out}/`)),
          `${source} is made by npm run build`,
        ).toBe(true);
        // Copied to the same place, so paths the server takes from import.meta.url still hold.
        expect(path.posix.relative('/app', c.dest)).toBe(rel);
        provided.push(rel);
      }
    }
    for (const c of copies.filter((c) => c.from === undefined)) provided.push(...c.sources);
    for (const need of RUNTIME_NEEDS)
      expect(
        provided.some((p) => need === p || need.startsWith(`${p}/`)),
        need,
      ).toBe(true);
  });

  it('has BUILD_OUTPUTS and RUNTIME_NEEDS right, by the code that makes and reads them', () => {
    const vite = read('vite.config.ts');
    expect(vite).toContain("root: 'web'");
    expect(vite).toContain("outDir: '../dist/web'");
    expect(read('package.json')).toContain('"build": "vite build && node scripts/build-server.mjs"');
    expect(read('scripts/build-server.mjs')).toContain('buildServer()');
    const lib = read('scripts/lib.mjs');
    expect(lib).toContain("const serverOut = path.join(root, 'dist/server');");
    expect(lib).toContain("main: 'server/main.ts',");
    expect(lib).toContain("'extract.worker': 'server/storage/extract.worker.ts',");
    expect(lib).toContain("const migrations = path.join(serverOut, 'migrations');");
    expect(lib).toContain('outdir: serverOut,');
    expect(lib).toContain("packages: 'external',");
    expect(read('server/main.ts')).toContain("'../dist/web' : '../web'");
    expect(read('server/db/client.ts')).toContain("new URL('./migrations', import.meta.url)");
    expect(read('server/storage/extract.ts')).toContain("'./extract.worker.js'");
    expect(read('server/lib/version.ts')).toContain("new URL('../../package.json', import.meta.url)");
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(pkg.scripts.cli).toBe('tsx server/cli/main.ts');
    // npm ci --omit=dev installs it.
    expect(pkg.dependencies.tsx).toBeDefined();
  });
});
