import cluster from 'node:cluster';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * WORKERS > 1 (PostgreSQL only): this process starts that many app processes (node's cluster) and
 * serves nothing itself. A worker that dies is started again; a SIGTERM or SIGINT is passed to
 * every worker, and this process exits once they all have.
 *
 * The workers share the listening socket and each accepts its own connections (SCHED_NONE), so no
 * connection is ever in the hands of a worker that has not accepted it. Node's default on Linux
 * (SCHED_RR) has this process accept every connection and pass it to a worker in turn: a worker
 * killed (kill -9, out of memory) or stalled between the hand-over and its acceptance leaves that
 * connection open and unanswered for good, and the proxy waits its whole read timeout
 * (docs/decisions/277). What a worker accepted and had not answered when it died is closed by the
 * kernel with it: the proxy sees a reset and sends a read elsewhere (deploy/nginx.conf).
 */
export function superviseWorkers(workers: number, log: (line: string) => void = console.log): void {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  log(`ClassBots runs ${workers} app processes (WORKERS=${workers}).`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`An app process (pid ${worker.process.pid}) ended (${signal ?? `exit ${code}`}); starting another.`);
    // A process that cannot start at all (a bad setting) would be restarted in a loop: wait a little.
    setTimeout(fork, 1_000).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(0);
    for (const worker of running) worker?.process.kill(signal);
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * How an app process stops taking work before it exits (call at start; `stop` when a signal
 * comes): it closes its listening socket (the other workers, or the proxy's other upstreams, take
 * the new connections), closes its idle kept-alive connections at once, and ends every other
 * connection as soon as its response is complete: a response not begun says `Connection: close`,
 * one already streaming has its connection closed after its last byte. So the proxy never sends
 * a request on a connection that is about to go. `done` runs once the last connection has closed.
 */
export function gracefulStop(server: Server): { stop: (done: () => void) => void } {
  const running = new Set<ServerResponse>();
  let stopping = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
    else res.once('finish', () => setImmediate(() => res.socket?.end()));
  };
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return closeAfter(res);
    running.add(res);
    res.once('close', () => running.delete(res));
  });
  return {
    stop: (done) => {
      if (stopping) return;
      stopping = true;
      server.close(() => done());
      server.closeIdleConnections();
      for (const res of running) closeAfter(res);
    },
  };
}
