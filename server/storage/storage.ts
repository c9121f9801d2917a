import type { Readable } from 'node:stream';

/** Where finished files live: a folder under DATA_DIR, or an S3-compatible bucket. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes of a local file under key (replacing any earlier object). */
  putFile(key: string, sourcePath: string, size: number): Promise<void>;
  /** The object's bytes; rejects with ObjectNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; succeeds when it is already gone. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
  }
}

// Keys are made by the server; refusing anything else keeps a bug from ever reaching outside the folder.
const safeKey = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** Throws unless key is one the server could have made. */
export function assertSafeKey(key: string): void {
  if (!safeKey.test(key) || key.includes('..') || key.includes('//')) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** The storage key of a file: server-made, never derived from the uploaded name. */
export function storageKeyFor(fileId: string): string {
  return `files/${fileId}`;
}
