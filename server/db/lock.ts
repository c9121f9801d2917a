import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process on one folder: a second opener would corrupt it. The holder writes its
 * pid into DATA_DIR/.lock; anyone else finding a live pid there is refused with a clear message.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly holder: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder} (pid ${pid}). ` +
        'Stop that process first, or use a PostgreSQL server (DATABASE_URL) to run the CLI alongside servers.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data folder's lock for this process; returns the release function. */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, holder }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let info: { pid?: number; holder?: string } = {};
      try {
        info = JSON.parse(readFileSync(file, 'utf8')) as typeof info;
      } catch {
        // A half-written or garbled lock file is stale.
      }
      // This very process holding it counts as busy too: taking it over would let the first
      // holder's release delete the second's lock.
      if (info.pid && (info.pid === process.pid || isAlive(info.pid))) {
        throw new DataDirBusyError(dataDir, info.pid, info.holder ?? 'another process');
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
