import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { count } from 'drizzle-orm';
import { createApp } from './app';
import { startBackgroundWork } from './jobs';
import { createAppAuth, createStreamTimers, moduleHooks } from './compose';
import { ConfigError, loadConfig, resolveAuthSecret } from './config';
import { schema } from './db/client';
import { DataDirBusyError } from './db/lock';
import { openDatabase } from './db/open';
import { createMailer } from './lib/mailer';
import { syncBuiltinTemplates } from './modules/bots';
import { adoptLegacyImages } from './modules/images';
import { liveHub } from './core/live';
import { logError } from './lib/log';
import { firstStartHint } from './lib/first-start';
import { gracefulStop, superviseWorkers } from './workers';

// A stray rejection or exception is logged; the server keeps answering the other requests.
process.on('unhandledRejection', (reason) => logError(null, 'process: unhandled rejection', reason));
process.on('uncaughtException', (err) => logError(null, 'process: uncaught exception', err));

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return superviseWorkers(config.workers);
  const database = await openDatabase(config, 'the ClassBots server', config.pgliteThread);
  // Built-in bot templates, installed or upgraded by version; teachers' copies are never touched.
  await syncBuiltinTemplates(database.db);
  // Images generated before images were files (DATA_DIR/generated) become files; a no-op after.
  const legacy = await adoptLegacyImages({ db: database.db, config });
  if (legacy.adopted || legacy.removed || legacy.failed) {
    console.log(
      `Generated images moved into file storage: ${legacy.adopted} adopted, ${legacy.removed} of deleted accounts removed, ${legacy.failed} left for the next start.`,
    );
  }
  const mailer = createMailer(config);
  const auth = createAppAuth({ config, db: database.db, mailer, secret: resolveAuthSecret(config) });
  // dist/web from the source (server/main.ts, under tsx) and from the build (dist/server/main.js).
  const webRoot = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../dist/web' : '../web', import.meta.url));
  // One deps object for the app and the scheduled jobs: both see the same replies being written.
  const deps = {
    config,
    database,
    auth,
    mailer,
    hooks: moduleHooks,
    timers: createStreamTimers(),
    webRoot: existsSync(webRoot) ? webRoot : undefined,
  };
  const app = createApp(deps);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    console.log(`ClassBots is running at ${config.baseUrl} (database: ${database.kind}, mail: ${mailer.describe()})`);
  });
  // Node closes an idle kept-alive connection after 5 s, the same moment an HTTP client's agent
  // may reuse it: the client then reads ECONNRESET. Keeping idle connections longer than clients
  // and proxies do (a load balancer's idle timeout is usually 60 s) lets the client close first.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  // A stop closes the listening socket and every kept-alive connection once its response ends.
  const handover = gracefulStop(server as Server);
  server.on('error', (err: NodeJS.ErrnoException) => {
    console.error(err.code === 'EADDRINUSE' ? `Port ${config.port} is already in use: set PORT to another port.` : err.message);
    void database.close().finally(() => process.exit(1));
  });

  const [{ users }] = (await database.db.select({ users: count() }).from(schema.user)) as [{ users: number }];
  if (users === 0) {
    console.log(firstStartHint({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, cwd: process.cwd() }, config.baseUrl));
  }

  // The one composition root of background work: createApp starts none.
  const stopJobs = startBackgroundWork(deps);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, shutting down.`);
    stopJobs();
    // Open live streams would hold server.close() until the timeout; browsers reconnect elsewhere.
    liveHub(database).closeAll();
    handover.stop(() => void database.close().finally(() => process.exit(0)));
    setTimeout(() => void database.close().finally(() => process.exit(0)), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirBusyError) console.error(err.message);
  else logError(null, 'ClassBots could not start', err);
  process.exit(1);
});
