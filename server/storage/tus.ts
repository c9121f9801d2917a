import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import { isUuid } from '../../contract/common';
import { UPLOADS_PATH } from '../../contract/files';

type Hooks = Pick<ServerOptions, 'getFileIdFromRequest' | 'onUploadCreate' | 'onUploadFinish'>;

/** A resumable upload in progress, as the tus store knows it. */
export interface UploadInProgress {
  id: string;
  size: number | undefined;
  offset: number;
  metadata: Record<string, string | null>;
  /** The part's bytes on local disk. */
  path: string;
}

/**
 * The tus server and its local store. Parts always live in DATA_DIR/uploads, even with S3 for
 * finished files: S3-compatible servers differ in multipart support (s3rver lacks ListParts) and
 * a local part is cheap to sniff and extract from before it is stored.
 */
export class ResumableUploads {
  readonly server: Server;
  readonly directory: string;
  private readonly store: FileStore;

  constructor(options: { dataDir: string; maxSize: number; expiryMs: number; allowedOrigins: string[]; hooks: Hooks }) {
    this.directory = path.join(options.dataDir, 'uploads');
    this.store = new FileStore({ directory: this.directory, expirationPeriodInMilliseconds: options.expiryMs });
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.store,
      maxSize: options.maxSize,
      relativeLocation: true,
      allowedOrigins: options.allowedOrigins,
      // The upload id becomes the file's id, so a finished upload can be found again by its URL.
      namingFunction: () => randomUUID(),
      ...options.hooks,
    });
  }

  /** The upload with this id, or undefined when there is none (or the id is malformed). */
  async find(id: string): Promise<UploadInProgress | undefined> {
    if (!isUuid(id)) return undefined;
    try {
      const upload = await this.store.getUpload(id);
      return { id, size: upload.size, offset: upload.offset, metadata: upload.metadata ?? {}, path: path.join(this.directory, id) };
    } catch {
      return undefined;
    }
  }

  /** Removes an upload's part and its record; fine when already gone. */
  async remove(id: string): Promise<void> {
    await this.store.remove(id).catch(() => undefined);
    await rm(path.join(this.directory, `${id}.json`), { force: true });
  }

  /** Deletes unfinished uploads past their expiry; returns how many. */
  async sweepExpired(): Promise<number> {
    // The store makes its folder without waiting for it; on a first start the sweep could list it first (ENOENT).
    await mkdir(this.directory, { recursive: true });
    return this.server.cleanUpExpiredUploads();
  }
}
