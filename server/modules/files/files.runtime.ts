import type { Config } from '../../config';
import { createObjectStorage } from '../../storage/create-storage';
import { TextExtractor } from '../../storage/extract';
import type { ObjectStorage } from '../../storage/storage';
import { ResumableUploads } from '../../storage/tus';
import type { AppDeps, SessionUser } from '../../lib/context';
import type { FileRow } from './files.presenter';
import { tusHooks } from './files.tus';

/** The long-lived parts of file handling: one set per configuration (per process). */
export interface FilesRuntime {
  storage: ObjectStorage;
  extractor: TextExtractor;
  uploads: ResumableUploads;
  /** Finalisations under way, by upload id, so a retried request joins the first. */
  finalizing: Map<string, Promise<FileRow>>;
}

/** What a tus hook needs to know about the request that triggered it. */
export interface UploadRequest {
  user: SessionUser;
  deps: AppDeps;
  /** The upload id the routes checked the owner of (none on creation): the only one tus may act on. */
  uploadId?: string;
}

const runtimes = new WeakMap<Config, FilesRuntime>();
const uploadRequests = new WeakMap<Request, UploadRequest>();

/** The files runtime for this configuration, created on first use. */
export function filesRuntime(config: Config): FilesRuntime {
  let runtime = runtimes.get(config);
  if (!runtime) {
    const created: FilesRuntime = {
      storage: createObjectStorage(config),
      extractor: new TextExtractor(config.files.extract),
      finalizing: new Map(),
      uploads: new ResumableUploads({
        dataDir: config.dataDir,
        maxSize: config.files.maxFileBytes,
        expiryMs: config.files.uploadExpiryMs,
        allowedOrigins: config.trustedOrigins,
        hooks: tusHooks(
          () => created,
          (req) => uploadRequests.get(req),
        ),
      }),
    };
    runtime = created;
    runtimes.set(config, runtime);
  }
  return runtime;
}

/** Tells the tus hooks who sent this request (tus leaves authentication to us). */
export function rememberUploadRequest(req: Request, ctx: UploadRequest): void {
  uploadRequests.set(req, ctx);
}
