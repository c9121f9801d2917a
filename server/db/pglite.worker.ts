import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './extensions';
import type { PgliteReply, PgliteRequest, PgliteWorkerData, WireError } from './pglite-thread';

// The embedded database in a thread of its own (pglite-thread.ts is the other side): its
// parsing, planning and execution no longer run on the event loop that serves requests and
// delivers the chunks of every open stream.

const port = parentPort!;
const { dataDir } = workerData as PgliteWorkerData;

// drizzle's PGlite driver reads dates and intervals as the server's text and maps them itself.
const raw = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, raw]),
);

/** A transaction held open for the main thread until it says commit or rollback. */
interface OpenTx {
  tx: Transaction;
  end(commit: boolean): void;
  /** Settles once the commit or rollback has run (rejects when the commit failed). */
  done: Promise<void>;
}

/** The reason a transaction the main thread rolled back ends with (never reported as a failure). */
const rollback = new Error('rolled back by the caller');
const transactions = new Map<number, OpenTx>();
const listening = new Map<string, () => Promise<void>>();
let nextTx = 1;

function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: err.message, name: err.name, fields };
}

const reply = (message: PgliteReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function main() {
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir, loadDataDir: (workerData as PgliteWorkerData).loadDataDir, extensions: pgliteExtensions });
  } catch (err) {
    reply({ id: 0, ok: false, error: wireError(err) });
    return;
  }
  reply({ id: 0, ok: true, result: null });

  const begin = (id: number) => {
    let opened: Omit<OpenTx, 'done'> | undefined;
    const done = pg
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            opened = { tx, end: (commit) => (commit ? resolve() : reject(rollback)) };
            const txId = nextTx++;
            transactions.set(txId, { ...opened, done });
            reply({ id, ok: true, result: txId });
          }),
      )
      .then(
        () => undefined,
        (err: unknown) => {
          if (err !== rollback) throw err;
        },
      );
    // A transaction that could not even begin answers its 'begin' with the error.
    done.catch((err: unknown) => {
      if (!opened) reply({ id, ok: false, error: wireError(err) });
    });
  };

  const handlers: { [K in PgliteRequest['type']]: (r: Extract<PgliteRequest, { type: K }>) => Promise<unknown> } = {
    query: async (r) => {
      const target = r.tx ? transactions.get(r.tx)?.tx : pg;
      if (!target) throw new Error('The transaction has already ended.');
      const result = await target.query(r.sql, r.params, { rowMode: r.rowMode, parsers });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    },
    exec: async (r) => {
      const target = r.tx ? transactions.get(r.tx)?.tx : pg;
      if (!target) throw new Error('The transaction has already ended.');
      return (await target.exec(r.sql)).map((res) => ({ rows: res.rows, fields: res.fields, affectedRows: res.affectedRows }));
    },
    begin: (r) => {
      // Answered from inside the transaction (begin replies itself), ended by an 'end' request.
      begin(r.id);
      return Promise.resolve(undefined);
    },
    end: async (r) => {
      const open = transactions.get(r.tx);
      if (!open) throw new Error('The transaction has already ended.');
      transactions.delete(r.tx);
      open.end(r.commit);
      await open.done;
      return null;
    },
    listen: async (r) => {
      if (!listening.has(r.channel)) {
        listening.set(r.channel, await pg.listen(r.channel, (payload) => reply({ id: -1, notify: r.channel, payload })));
      }
      return null;
    },
    unlisten: async (r) => {
      const stop = listening.get(r.channel);
      listening.delete(r.channel);
      if (stop && !pg.closed) await stop();
      return null;
    },
    dump: async () => (await pg.dumpDataDir('gzip')).arrayBuffer(),
    close: async () => {
      if (!pg.closed) await pg.close();
      return null;
    },
  };

  port.on('message', (request: PgliteRequest) => {
    const handler = handlers[request.type] as (r: PgliteRequest) => Promise<unknown>;
    handler(request).then(
      (result) => {
        if (request.type === 'begin') return;
        reply({ id: request.id, ok: true, result }, result instanceof ArrayBuffer ? [result] : []);
      },
      (err: unknown) => reply({ id: request.id, ok: false, error: wireError(err) }),
    );
  });
}

void main();
