import type { ServerOptions } from '@tus/server';
import { fieldErrors } from '../../../contract/common';
import { UPLOAD_FILE_ID_HEADER, uploadMetadata } from '../../../contract/files';
import { isPremium } from '../../../contract/subscription';
import type { Config } from '../../config';
import type { AppDeps, SessionUser } from '../../core/context';
import { AppError, invalidInput } from '../../lib/errors';
import { intendedType } from '../../storage/sniff';
import { ResumableUploads } from '../../storage/tus';
import { resolveSubscription } from '../../core/plan';
import { assertWithinQuota, finalizeFile, quotaFor, usedBytes } from './files.service';
import { message } from '../../lib/message';

/** What a tus hook needs to know about the request that triggered it. */
export interface UploadRequest {
  user: SessionUser;
  deps: AppDeps;
  /** The upload id the routes checked the owner of (none on creation): the only one tus may act on. */
  uploadId?: string;
}

const uploadsByConfig = new WeakMap<Config, ResumableUploads>();
const uploadRequests = new WeakMap<Request, UploadRequest>();

/** The tus server and its store for this configuration, created on first use. */
export function resumableUploads(config: Config): ResumableUploads {
  let uploads = uploadsByConfig.get(config);
  if (!uploads) {
    const created: ResumableUploads = new ResumableUploads({
      dataDir: config.dataDir,
      s3: config.s3,
      maxSize: config.files.maxFileBytes,
      expiryMs: config.files.uploadExpiryMs,
      allowedOrigins: config.trustedOrigins,
      hooks: tusHooks(
        () => created,
        (req) => uploadRequests.get(req),
      ),
    });
    uploads = created;
    uploadsByConfig.set(config, uploads);
  }
  return uploads;
}

/** Tells the tus hooks who sent this request (tus leaves authentication to us). */
export function rememberUploadRequest(req: Request, ctx: UploadRequest): void {
  uploadRequests.set(req, ctx);
}

/** tus reports a thrown `{ status_code, body }` as that response; the routes rewrap it as our JSON error. */
export class TusHookError {
  readonly status_code: number;
  readonly body: string;
  constructor(readonly error: AppError) {
    this.status_code = error.status;
    // The message's id and values: the upload routes format it in the request's language (uploads.routes.ts).
    this.body = JSON.stringify({ error: { code: error.code, text: error.text } });
  }
}

const asTusError = (err: unknown) => (err instanceof AppError ? new TusHookError(err) : err);

/** The subscription of the request's user (quota and who may upload depend on it). */
export function subscriptionOf(ctx: UploadRequest) {
  return resolveSubscription(ctx.deps.database.db, { user: ctx.user, settings: ctx.deps.config });
}

/**
 * The tus hooks: the upload id comes from the routes' owner check, never from tus's own reading of
 * the URL; at creation, check the metadata, the declared type and the quota and record the owner;
 * at the end, turn the upload into a file.
 */
function tusHooks(
  uploads: () => ResumableUploads,
  requestOf: (req: Request) => UploadRequest | undefined,
): Pick<ServerOptions, 'getFileIdFromRequest' | 'onUploadCreate' | 'onUploadFinish'> {
  const contextOf = (req: Request) => {
    const ctx = requestOf(req);
    // Every tus request passes through the files routes, which record who sent it.
    if (!ctx) throw new TusHookError(new AppError('unauthenticated', 401, message('signIn')));
    return ctx;
  };
  return {
    // A request the routes did not check gets no id, which tus answers with 404.
    getFileIdFromRequest: (req) => requestOf(req)?.uploadId,
    onUploadCreate: async (req, upload) => {
      try {
        const ctx = contextOf(req);
        if (upload.size === undefined) throw new AppError('bad_request', 400, message('uploadLength'));
        const meta = uploadMetadata.safeParse({
          filename: upload.metadata?.filename ?? undefined,
          filetype: upload.metadata?.filetype ?? undefined,
          purpose: upload.metadata?.purpose ?? undefined,
          pending: upload.metadata?.pending ?? undefined,
        });
        if (!meta.success) throw invalidInput(message('uploadNeedsName'), fieldErrors(meta.error.issues));
        // Kept as tus keeps metadata (text); only an editor's upload carries it.
        const pending: Record<string, string> = meta.data.pending ? { pending: 'true' } : {};
        // Refuse a type we would never accept now, rather than after the whole upload.
        if (!intendedType(meta.data.filetype, meta.data.filename)) throw new AppError('unsupported_type', 415, message('notAccepted'));
        const subscription = await subscriptionOf(ctx);
        const quota = quotaFor(ctx.deps.config, subscription);
        assertWithinQuota(await usedBytes(ctx.deps.database.db, ctx.user.id), upload.size, quota, isPremium(subscription.status));
        return {
          metadata: {
            filename: meta.data.filename,
            filetype: meta.data.filetype,
            purpose: meta.data.purpose,
            ...pending,
            ownerId: ctx.user.id,
          },
        };
      } catch (err) {
        throw asTusError(err);
      }
    },
    onUploadFinish: async (req, upload) => {
      try {
        const ctx = contextOf(req);
        const row = await finishUpload(ctx, uploads(), upload.id);
        return { headers: { [UPLOAD_FILE_ID_HEADER]: row.id } };
      } catch (err) {
        throw asTusError(err);
      }
    },
  };
}

/**
 * Makes a file of a complete upload (from its last PATCH, or a HEAD after a lost answer), then
 * removes the part. A refused upload is removed too: its bytes will never become a file.
 */
export async function finishUpload(ctx: UploadRequest, uploads: ResumableUploads, id: string) {
  const upload = await uploads.find(id);
  if (!upload || upload.metadata.ownerId !== ctx.user.id || upload.size === undefined) {
    throw new AppError('not_found', 404, message('uploadNotFound'));
  }
  const meta = uploadMetadata.parse({
    filename: upload.metadata.filename,
    filetype: upload.metadata.filetype ?? '',
    purpose: upload.metadata.purpose,
    pending: upload.metadata.pending ?? undefined,
  });
  const local = await uploads.localCopy(id);
  try {
    const row = await finalizeFile({ db: ctx.deps.database.db, config: ctx.deps.config }, await subscriptionOf(ctx), {
      id,
      ownerId: ctx.user.id,
      name: meta.filename,
      declaredType: meta.filetype,
      purpose: meta.purpose,
      pending: meta.pending,
      localPath: local.path,
      size: upload.size,
    });
    await uploads.remove(id);
    return row;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) await uploads.remove(id);
    throw err;
  } finally {
    await local.release();
  }
}
