import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type ServerOptions } from '@tus/server';
import { isUuid } from '../../contract/common';
import { UPLOADS_PATH } from '../../contract/files';
import type { S3Config } from '../config';

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
  private readonly store: FileStore | S3Store;
  /** With S3: the bucket the parts are in. */
  private readonly bucket: { client: S3Client; name: string } | undefined;

  constructor(options: { dataDir: string; s3?: S3Config; maxSize: number; expiryMs: number; allowedOrigins: string[]; hooks: Hooks }) {
    this.directory = path.join(options.dataDir, 'uploads');
    const { s3 } = options;
    const clientConfig = s3 && {
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Many S3-compatible servers reject the SDK's default CRC checksums on every request.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
    this.bucket = s3 && clientConfig ? { client: new S3Client(clientConfig), name: s3.bucket } : undefined;
    this.store = s3
      ? new S3Store({ expirationPeriodInMilliseconds: options.expiryMs, s3ClientConfig: { ...clientConfig, bucket: s3.bucket } })
      : new FileStore({ directory: this.directory, expirationPeriodInMilliseconds: options.expiryMs });
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
      await pipeline(await this.store.read(id), createWriteStream(copy));
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
      // The store removes nothing of an upload whose multipart upload completed: its object, record and last part go here.
      const { client, name } = this.bucket;
      for (const key of [id, `${id}.info`, `${id}.part`]) await client.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
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
