import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

/**
 * The embedded database in a worker thread (pglite.worker.ts), seen from the main thread as the
 * part of PGlite's client that drizzle's PGlite driver, the migrator, LISTEN and the backup use.
 * Each query is one message each way; the rows cross by structured clone. Transactions stay open
 * in the worker until the callback here settles, and PGlite runs one at a time as it does in
 * process. Measured against PGlite on the main thread in docs/benchmarks.md (issue 15, item 3).
 */

export interface PgliteWorkerData {
  dataDir?: string;
  loadDataDir?: Blob;
}

export type PgliteRequest =
  | { id: number; type: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { id: number; type: 'exec'; sql: string; tx?: number }
  | { id: number; type: 'begin' }
  | { id: number; type: 'end'; tx: number; commit: boolean }
  | { id: number; type: 'listen'; channel: string }
  | { id: number; type: 'unlisten'; channel: string }
  | { id: number; type: 'dump' }
  | { id: number; type: 'close' };

/** An error as it crosses the thread: PostgreSQL's fields (code, constraint, detail...) kept. */
export interface WireError {
  message: string;
  name?: string;
  fields?: Record<string, string | number>;
}

export type PgliteReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WireError } | { id: -1; notify: string; payload: string };

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Send = <T>(request: DistributiveOmit<PgliteRequest, 'id'>) => Promise<T>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// Beside this file: the worker's source through tsx, or pglite.worker.js when the server runs compiled.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './pglite.worker.ts' : './pglite.worker.js', import.meta.url);

/** The worker, compiled (plain Node) or from the sources: tsx registered first, since Node 20 does not apply `--import tsx` to a worker's own entry. */
function startWorker(data: PgliteWorkerData): Worker {
  if (!fromSource) return new Worker(fileURLToPath(workerUrl), { workerData: data, execArgv: ['--enable-source-maps'] });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

function errorOf(wire: WireError): Error {
  const err = new Error(wire.message);
  if (wire.name) err.name = wire.name;
  return Object.assign(err, wire.fields);
}

/** Queries on the whole database, or inside one open transaction. */
class Queries {
  constructor(
    protected readonly send: Send,
    private readonly tx?: number,
  ) {}

  query<T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<QueryResult & { rows: T[] }> {
    return this.send({ type: 'query', sql, params, rowMode: options?.rowMode, tx: this.tx });
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.send({ type: 'exec', sql, tx: this.tx });
  }
}

export class PgliteThread extends Queries {
  closed = false;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  /** Each channel's listeners, and its LISTEN (every caller waits for it; a failed one is forgotten). */
  private readonly listeners = new Map<string, { callbacks: Set<(payload: string) => void>; ready: Promise<unknown> }>();
  private nextId = 1;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onDied: (err: Error) => void,
  ) {
    super((request) => this.request(request));
    let failure: Error | undefined;
    worker.on('message', (reply: PgliteReply) => this.receive(reply));
    worker.on('error', (err) => {
      failure = err;
      this.failAll(err);
    });
    worker.on('exit', (code) => {
      this.closed = true;
      this.failAll(new Error('The database thread has stopped.'));
      // Not closed by us: the database is gone for this process, and it must not go on answering errors.
      if (!this.closing) onDied(failure ?? new Error(`The database thread stopped (exit code ${code}).`));
    });
  }

  /**
   * Starts the worker and opens the database in it (a folder, or a dumped data dir for tests).
   * `onDied` hears of a worker that stopped without close() (a crash).
   */
  static async open(data: PgliteWorkerData, onDied: (err: Error) => void = () => undefined): Promise<PgliteThread> {
    const worker = startWorker(data);
    const thread = new PgliteThread(worker, onDied);
    await new Promise<void>((resolve, reject) => thread.pending.set(0, { resolve: () => resolve(), reject }));
    return thread;
  }

  async transaction<T>(callback: (tx: Queries) => Promise<T>): Promise<T> {
    const tx = await this.request<number>({ type: 'begin' });
    let result: T;
    try {
      result = await callback(new Queries((r) => this.request(r), tx));
    } catch (err) {
      // The callback's own error is the one to report, even if the rollback cannot be sent.
      await this.request({ type: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.request({ type: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let entry = this.listeners.get(channel);
    if (!entry) {
      const ready = this.request({ type: 'listen', channel });
      const created = { callbacks: new Set<(payload: string) => void>(), ready };
      this.listeners.set(channel, (entry = created));
      ready.catch(() => {
        if (this.listeners.get(channel) === created) this.listeners.delete(channel);
      });
    }
    await entry.ready;
    const { callbacks } = entry;
    callbacks.add(callback);
    const listening = entry;
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size || this.listeners.get(channel) !== listening) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.request({ type: 'unlisten', channel });
    };
  }

  /** The whole data folder as PGlite's dumpDataDir gives it (the backup's source). */
  async dumpDataDir(_compression: 'gzip'): Promise<Blob> {
    return new Blob([await this.request<ArrayBuffer>({ type: 'dump' })]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    await this.request({ type: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }

  private request<T>(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The database is closed.'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(reply: PgliteReply) {
    if ('notify' in reply) {
      for (const callback of this.listeners.get(reply.notify)?.callbacks ?? []) callback(reply.payload);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(errorOf(reply.error));
  }

  private failAll(err: Error) {
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}
