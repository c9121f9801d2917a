import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import { DataStore, type Upload } from '@tus/utils';
import { isUuid } from '../../contract/common';
import { UPLOADS_PATH } from '../../contract/files';
import type { S3Config } from '../config';
import type { s3UploadStore } from './tus-s3';

type Hooks = Pick<ServerOptions, 'getFileIdFromRequest' | 'onUploadCreate' | 'onUploadFinish'>;

/** A resumable upload in progress, as the tus store knows it. */
export interface UploadInProgress {
  id: string;
  size: number | undefined;
  offset: number;
  metadata: Record<string, string | null>;
}

/** A finished upload's bytes in a local file, to sniff, extract and store; `release` removes a copy. */
export interface LocalUpload {
  path: string;
  release: () => Promise<void>;
}

/**
 * The tus server and its store. Without S3 the parts live in DATA_DIR/uploads. With S3 they live
 * in the bucket (a multipart upload per file, ListParts giving the offset), so a resumed PATCH may
 * land on any process (docs/decisions/205); the finished upload is copied to a local file once,
 * to sniff and extract from before it is stored.
 */
export class ResumableUploads {
  readonly server: Server;
  /** Local parts (no S3), or the finished uploads' local copies (S3). */
  readonly directory: string;
  private readonly store: DataStore;
  /** With S3: the store of parts in the bucket. */
  private readonly bucket: LazyS3UploadStore | undefined;

  constructor(options: { dataDir: string; s3?: S3Config; maxSize: number; expiryMs: number; allowedOrigins: string[]; hooks: Hooks }) {
    this.directory = path.join(options.dataDir, 'uploads');
    this.bucket = options.s3 ? new LazyS3UploadStore(options.s3, options.expiryMs) : undefined;
    this.store = this.bucket ?? new FileStore({ directory: this.directory, expirationPeriodInMilliseconds: options.expiryMs });
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
      return { id, size: upload.size, offset: upload.offset, metadata: upload.metadata ?? {} };
    } catch {
      return undefined;
    }
  }

  /** A finished upload's bytes as a local file: its part itself, or (S3) a copy made now. */
  async localCopy(id: string): Promise<LocalUpload> {
    if (!this.bucket) return { path: path.join(this.directory, id), release: () => Promise.resolve() };
    await mkdir(this.directory, { recursive: true });
    const copy = path.join(this.directory, `${id}.${randomUUID()}.copy`);
    const release = () => rm(copy, { force: true });
    try {
      await pipeline(await this.bucket.read(id), createWriteStream(copy));
    } catch (err) {
      await release();
      throw err;
    }
    return { path: copy, release };
  }

  /** Removes an upload's part and its record; fine when already gone. */
  async remove(id: string): Promise<void> {
    await this.store.remove(id).catch(() => undefined);
    if (this.bucket) {
      await this.bucket.removeObjects(id);
      return;
    }
    await rm(path.join(this.directory, `${id}.json`), { force: true });
  }

  /** Deletes unfinished uploads past their expiry; returns how many. */
  async sweepExpired(): Promise<number> {
    // The store makes its folder without waiting for it; on a first start the sweep could list it first (ENOENT).
    await mkdir(this.directory, { recursive: true });
    return this.server.cleanUpExpiredUploads();
  }
}

/**
 * The S3 store of parts, its client (@aws-sdk/client-s3, tens of MB in memory) loaded on the first
 * upload call rather than when the server starts: installations without S3 never load it.
 */
class LazyS3UploadStore extends DataStore {
  private loaded?: Promise<ReturnType<typeof s3UploadStore>>;

  constructor(
    private readonly s3: S3Config,
    private readonly expiryMs: number,
  ) {
    super();
    // What S3Store supports (tus asks before it calls).
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private inner() {
    if (!this.loaded) {
      const loading = import('./tus-s3').then(({ s3UploadStore }) => s3UploadStore(this.s3, this.expiryMs));
      // A failed load (a broken install) is not kept: the next call tries again.
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = undefined;
      });
      this.loaded = loading;
    }
    return this.loaded;
  }

  override async create(file: Upload) {
    return (await this.inner()).store.create(file);
  }
  override async remove(id: string) {
    return (await this.inner()).store.remove(id);
  }
  override async write(stream: Readable, id: string, offset: number) {
    return (await this.inner()).store.write(stream, id, offset);
  }
  override async getUpload(id: string) {
    return (await this.inner()).store.getUpload(id);
  }
  override async declareUploadLength(id: string, length: number) {
    return (await this.inner()).store.declareUploadLength(id, length);
  }
  override async deleteExpired() {
    return (await this.inner()).store.deleteExpired();
  }
  override getExpiration() {
    return this.expiryMs;
  }
  async read(id: string): Promise<Readable> {
    return (await this.inner()).store.read(id);
  }
  async removeObjects(id: string) {
    return (await this.inner()).removeObjects(id);
  }
}
