import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, lt, sql, sum } from 'drizzle-orm';
import { isUuid } from '../../../contract/common';
import { PENDING_UPLOAD_HOURS, type FilePurpose } from '../../../contract/files';
import { isPremium, type Subscription } from '../../../contract/subscription';
import type { Config } from '../../config';
import { schema, type Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { message, type ServerMessage } from '../../lib/message';
import { intendedType, matchType, sniffFile } from '../../storage/sniff';
import { storageKeyFor } from '../../storage/storage';
import type { FileRow } from './files.presenter';
import { filesRuntime, type FilesRuntime } from './files.runtime';

const { file } = schema;

export interface FilesDeps {
  db: Db;
  config: Config;
}

/** A finished upload on local disk, about to become a file. */
export interface NewFile {
  id: string;
  ownerId: string;
  name: string;
  declaredType: string;
  purpose: FilePurpose;
  localPath: string;
  size: number;
  /**
   * Bytes that were already on this server before the files table counted them (generated images
   * adopted from DATA_DIR/generated): they become files whatever the quota says, so none is lost.
   */
  exemptFromQuota?: boolean;
  /** Uploaded from a bot editor: it waits PENDING_UPLOAD_HOURS for a save that uses it (decision 283). */
  pending?: boolean;
}

const MiB = 1024 * 1024;
/** Bytes in the units a teacher reads ("3.2 MiB", "5 GiB"; "3,2 MiB" in Spanish), as a message to put in another. */
export function formatBytes(n: number): ServerMessage {
  if (n >= 1024 * MiB) return message('sizeGiB', { n: n / (1024 * MiB) });
  if (n >= MiB) return message('sizeMiB', { n: n / MiB });
  return message('sizeKiB', { n: Math.ceil(n / 1024) });
}

/** The owner's storage quota: premium teachers get the larger one. */
export function quotaFor(config: Config, subscription: Subscription): number {
  return isPremium(subscription.status) ? config.files.quotaPremiumBytes : config.files.quotaFreeBytes;
}

/** Bytes the owner's files take, including files still being processed. */
export async function usedBytes(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(file.size) })
    .from(file)
    .where(eq(file.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

const quotaAdvice = (premium: boolean) => message(premium ? 'deleteFiles' : 'deleteFilesOrPremium');

/** Throws 402 with the numbers when `adding` more bytes would pass the quota. */
export function assertWithinQuota(used: number, adding: number, quota: number, premium: boolean): void {
  if (used + adding <= quota) return;
  throw new AppError(
    'quota_exceeded',
    402,
    message('storageFullFile', {
      used: formatBytes(used),
      quota: formatBytes(quota),
      adding: formatBytes(adding),
      advice: quotaAdvice(premium),
    }),
  );
}

/**
 * Throws the same 402 as an upload when no byte is left: for files made on the server (a generated
 * image), whose size is known only after the work that makes them, which this check saves.
 */
export function assertStorageLeft(used: number, quota: number, premium: boolean): void {
  if (used < quota) return;
  throw new AppError(
    'quota_exceeded',
    402,
    message('storageFull', { used: formatBytes(used), quota: formatBytes(quota), advice: quotaAdvice(premium) }),
  );
}

/** Strips what must never be part of a shown name (control characters, NUL); the rest is kept as text. */
export function cleanFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned || 'file';
}

async function sha256Of(localPath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(localPath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Turns a finished upload into a file: checks its bytes against its type (415), reserves quota
 * under a per-owner lock (402), stores it, extracts its text (422 when refused). Any failure
 * leaves neither a row nor a stored object. Retried calls for the same id join the first.
 */
export function finalizeFile(deps: FilesDeps, subscription: Subscription, input: NewFile): Promise<FileRow> {
  const runtime = filesRuntime(deps.config);
  const running = runtime.finalizing.get(input.id);
  if (running) return running;
  const job = doFinalize(deps, runtime, subscription, input).finally(() => runtime.finalizing.delete(input.id));
  runtime.finalizing.set(input.id, job);
  return job;
}

async function doFinalize(deps: FilesDeps, runtime: FilesRuntime, subscription: Subscription, input: NewFile): Promise<FileRow> {
  const [existing] = await deps.db
    .select()
    .from(file)
    .where(and(eq(file.id, input.id), eq(file.ownerId, input.ownerId)));
  if (existing?.status === 'ready') return existing;
  const name = cleanFileName(input.name);
  const match = matchType(await sniffFile(input.localPath), intendedType(input.declaredType, name));
  if (!match.ok) throw new AppError('unsupported_type', 415, match.reason);
  const sha256 = await sha256Of(input.localPath);
  const key = storageKeyFor(input.id);
  const quota = quotaFor(deps.config, subscription);

  await deps.db.transaction(async (tx) => {
    // One owner's uploads finish one at a time, so two of them cannot both fit the last space.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.ownerId}))`);
    const [row] = await tx
      .select({ total: sum(file.size) })
      .from(file)
      .where(eq(file.ownerId, input.ownerId));
    if (!input.exemptFromQuota) assertWithinQuota(Number(row?.total ?? 0), input.size, quota, isPremium(subscription.status));
    await tx.insert(file).values({
      id: input.id,
      ownerId: input.ownerId,
      name,
      size: input.size,
      declaredType: input.declaredType.slice(0, 255),
      sniffedType: match.type,
      purpose: input.purpose,
      status: 'processing',
      storageKey: key,
      sha256,
      pendingUntil: input.pending ? new Date(Date.now() + PENDING_UPLOAD_HOURS * 3_600_000) : null,
    });
  });
  try {
    await runtime.storage.putFile(key, input.localPath, input.size);
    const extracted = await runtime.extractor.extract(match.type, input.localPath);
    if (extracted && !extracted.ok) throw new AppError('extraction_refused', 422, extracted.reason);
    const [ready] = await deps.db
      .update(file)
      .set({ status: 'ready', extractedText: extracted?.text ?? null, updatedAt: new Date() })
      .where(eq(file.id, input.id))
      .returning();
    if (!ready) throw notFound(message('fileNotFound'));
    return ready;
  } catch (err) {
    await runtime.storage.delete(key).catch(() => undefined);
    await deps.db.delete(file).where(eq(file.id, input.id));
    throw err;
  }
}

/**
 * Stores bytes as a file of this owner (a small upload, a generated image), with the same checks
 * and quota as a resumable upload. `id` names the file when the caller has promised it already.
 */
export async function storeBufferAsFile(
  deps: FilesDeps,
  subscription: Subscription,
  input: {
    id?: string;
    ownerId: string;
    data: Uint8Array;
    name: string;
    declaredType: string;
    purpose: FilePurpose;
    exemptFromQuota?: boolean;
    pending?: boolean;
  },
): Promise<FileRow> {
  const dir = multipartDir(deps.config);
  await mkdir(dir, { recursive: true });
  const id = input.id ?? randomUUID();
  const localPath = path.join(dir, id);
  try {
    await writeFile(localPath, input.data);
    return await finalizeFile(deps, subscription, {
      id,
      ownerId: input.ownerId,
      name: input.name,
      declaredType: input.declaredType,
      purpose: input.purpose,
      exemptFromQuota: input.exemptFromQuota,
      pending: input.pending,
      localPath,
      size: input.data.byteLength,
    });
  } finally {
    await rm(localPath, { force: true });
  }
}

/** The owner's files, newest first. */
export async function listFiles(db: Db, ownerId: string, purpose?: FilePurpose): Promise<FileRow[]> {
  return db
    .select()
    .from(file)
    .where(and(eq(file.ownerId, ownerId), purpose ? eq(file.purpose, purpose) : undefined))
    .orderBy(desc(file.createdAt));
}

/** A file by id, scoped to its owner: another owner's file reads as missing. */
export async function findOwnFile(db: Db, ownerId: string, id: string): Promise<FileRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(file)
    .where(and(eq(file.id, id), eq(file.ownerId, ownerId)));
  return row;
}

/** The stored bytes of a file. */
export async function openFile(config: Config, row: FileRow): Promise<Readable> {
  return filesRuntime(config).storage.get(row.storageKey);
}

/**
 * Removes every file of a user, objects first, then rows. Call it before deleting the account:
 * the rows would cascade away with the user, but the stored objects would not.
 */
export async function deleteAllFilesOf(deps: FilesDeps, userId: string): Promise<number> {
  const rows = await deps.db.select({ id: file.id, storageKey: file.storageKey }).from(file).where(eq(file.ownerId, userId));
  const storage = filesRuntime(deps.config).storage;
  for (const row of rows) await storage.delete(row.storageKey);
  if (rows.length)
    await deps.db.delete(file).where(
      inArray(
        file.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.length;
}

/** The extracted text of an owner's knowledge files, for the model only. */
export async function knowledgeTextOf(db: Db, ownerId: string, fileIds: string[]): Promise<{ id: string; name: string; text: string }[]> {
  const ids = fileIds.filter(isUuid);
  if (!ids.length) return [];
  const rows = await db
    .select({ id: file.id, name: file.name, text: file.extractedText })
    .from(file)
    .where(and(eq(file.ownerId, ownerId), inArray(file.id, ids), eq(file.status, 'ready')));
  return rows.map((r) => ({ id: r.id, name: r.name, text: r.text ?? '' }));
}

/** Where a small (multipart) upload waits while it is checked. */
export const multipartDir = (config: Config) => path.join(config.dataDir, 'uploads-multipart');

/**
 * Reclaims what a stopped process left: multipart leftovers and files stuck in processing for
 * longer than the upload expiry. (Expired tus uploads are files.sweep's, which runs both.)
 */
export async function sweepStuckFiles(deps: FilesDeps): Promise<number> {
  const runtime = filesRuntime(deps.config);
  const cutoff = new Date(Date.now() - deps.config.files.uploadExpiryMs);
  const stuck = await deps.db
    .select({ id: file.id, storageKey: file.storageKey })
    .from(file)
    .where(and(eq(file.status, 'processing'), lt(file.createdAt, cutoff)));
  for (const row of stuck) {
    await runtime.storage.delete(row.storageKey);
    await deps.db.delete(file).where(eq(file.id, row.id));
  }
  const leftovers = await readdir(multipartDir(deps.config)).catch(() => [] as string[]);
  for (const name of leftovers) {
    const p = path.join(multipartDir(deps.config), name);
    if ((await stat(p)).mtime < cutoff) await rm(p, { force: true });
  }
  return stuck.length;
}
