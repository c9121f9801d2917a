import * as tus from 'tus-js-client';
import {
  fileInfo,
  MULTIPART_MAX_BYTES,
  UPLOAD_FILE_ID_HEADER,
  UPLOADS_PATH,
  type FileInfo,
  type FilePurpose,
} from '../../../contract/files';
import { isRetryableStatus, retryLimitError, UploadError, uploadErrorFor } from './errors';
import { FIRST_CHUNK, nextChunkSize, RetryBudget } from './retry';
import { browserStorage, forgetUploadUrls, UserUploadUrls } from './url-storage';

export interface UploadOptions {
  purpose: FilePurpose;
  /** Uploaded from a bot editor: the file waits for the bot's save (decision 283). */
  pending?: boolean;
  /**
   * The signed-in user's id: the addresses kept to resume are theirs alone. Without one (still
   * loading), a large upload is not resumable after a reload.
   */
  ownerId: string | undefined;
  /** Bytes sent so far and the total; called often. */
  onProgress?: (sent: number, total: number) => void;
  /** Called when a failure is being retried (to tell the user the connection dropped). */
  onRetry?: (error: UploadError) => void;
  /** How long to keep retrying a run of failures (the server's UPLOAD_RETRY_MAX_SECONDS). */
  maxRetryMs?: number;
}

export interface UploadHandle {
  /** The stored file, or an UploadError. */
  done: Promise<FileInfo>;
  /** Stops the upload and discards what was sent; `done` rejects with kind 'cancelled'. */
  cancel: () => void;
}

const DEFAULT_MAX_RETRY_MS = 2 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one upload client of the web app. Files up to 256 KiB go as one multipart request; larger
 * ones use tus, resumable after a reload (the same file picked again continues where it stopped).
 * Network failures, 408, 429 and 5xx are retried with backoff and jitter until maxRetryMs.
 */
export function startUpload(file: File, options: UploadOptions): UploadHandle {
  return file.size <= MULTIPART_MAX_BYTES ? multipartUpload(file, options) : resumableUpload(file, options);
}

function multipartUpload(file: File, options: UploadOptions): UploadHandle {
  const budget = new RetryBudget(options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS);
  let current: XMLHttpRequest | undefined;
  let cancelled = false;
  const once = () =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open('POST', '/api/files');
      xhr.upload.onprogress = (e) => options.onProgress?.(Math.min(e.loaded, file.size), file.size);
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
      xhr.onerror = xhr.ontimeout = () => resolve({ status: 0, body: '' });
      xhr.onabort = () => resolve({ status: -1, body: '' });
      const form = new FormData();
      form.set('purpose', options.purpose);
      if (options.pending) form.set('pending', 'true');
      form.set('file', file);
      xhr.send(form);
    });
  const run = async (): Promise<FileInfo> => {
    for (;;) {
      const { status, body } = await once();
      if (cancelled || status === -1) throw new UploadError('cancelled');
      if (status >= 200 && status < 300) {
        options.onProgress?.(file.size, file.size);
        return fileInfo.parse(JSON.parse(body));
      }
      if (!isRetryableStatus(status)) throw uploadErrorFor(status, body);
      const delay = budget.nextDelay();
      if (delay === undefined) throw retryLimitError(options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS);
      options.onRetry?.(uploadErrorFor(status, body));
      await sleep(delay);
      if (cancelled) throw new UploadError('cancelled');
    }
  };
  return {
    done: run(),
    cancel: () => {
      cancelled = true;
      current?.abort();
    },
  };
}

function resumableUpload(file: File, options: UploadOptions): UploadHandle {
  const maxRetryMs = options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS;
  const budget = new RetryBudget(maxRetryMs);
  let outOfTime = false;
  let resolveDone: (info: FileInfo) => void = () => undefined;
  let rejectDone: (e: UploadError) => void = () => undefined;
  const done = new Promise<FileInfo>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  const resolve = (info: FileInfo) => resolveDone(info);
  const reject = (e: unknown) => rejectDone(e instanceof UploadError ? e : uploadErrorFor(0));
  const storage = browserStorage();
  const urls = options.ownerId !== undefined && storage ? new UserUploadUrls(options.ownerId, storage) : undefined;

  const upload: tus.Upload = new tus.Upload(file, {
    endpoint: UPLOADS_PATH,
    chunkSize: FIRST_CHUNK,
    metadata: { filename: file.name, filetype: file.type, purpose: options.purpose, ...(options.pending ? { pending: 'true' } : {}) },
    storeFingerprintForResuming: urls !== undefined,
    removeFingerprintOnSuccess: true,
    ...(urls ? { urlStorage: urls } : {}),
    // tus-js-client takes the wait before retry n from this array; onShouldRetry writes each
    // entry from the retry budget just before it is read, so the waits back off with jitter.
    retryDelays: new Array<number>(10_000).fill(0),
    onShouldRetry: (err, attempt, opts) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      // 409 (offset mismatch) and 423 (locked) heal by asking the server for the offset again.
      if (!isRetryableStatus(status) && status !== 409 && status !== 423) return false;
      const delay = budget.nextDelay();
      if (delay === undefined) {
        outOfTime = true;
        return false;
      }
      if (opts.retryDelays) opts.retryDelays[attempt] = delay;
      options.onRetry?.(uploadErrorFor(status, err.originalResponse?.getBody()));
      return true;
    },
    onChunkComplete: () => {
      budget.succeeded();
      upload.options.chunkSize = nextChunkSize(upload.options.chunkSize ?? FIRST_CHUNK);
    },
    onProgress: (sent, total) => options.onProgress?.(sent, total),
    onSuccess: ({ lastResponse }) => {
      const id = lastResponse.getHeader(UPLOAD_FILE_ID_HEADER);
      if (!id) {
        reject(new UploadError('other'));
        return;
      }
      options.onProgress?.(file.size, file.size);
      fetchInfo(id).then(resolve, reject);
    },
    onError: (err) => {
      if (outOfTime) return reject(retryLimitError(maxRetryMs));
      const res = 'originalResponse' in err ? err.originalResponse : null;
      reject(res ? uploadErrorFor(res.getStatus(), res.getBody()) : uploadErrorFor(0));
    },
  });

  if (!urls) {
    upload.start();
  } else {
    // Another account's addresses have no business on this computer any longer (a shared
    // laptop whose last user never signed out).
    forgetUploadUrls(storage, options.ownerId);
    resumePrevious(upload);
  }

  return {
    done,
    cancel: () => {
      // Terminate: the server deletes the part and the fingerprint is forgotten.
      void upload.abort(true).catch(() => undefined);
      rejectDone(new UploadError('cancelled'));
    },
  };
}

/** Resumes an upload of the same file that a reload (or a closed tab) interrupted, or starts anew. */
function resumePrevious(upload: tus.Upload): void {
  void upload
    .findPreviousUploads()
    .then((previous) => {
      const last = previous[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    })
    .catch(() => upload.start());
}

async function fetchInfo(id: string): Promise<FileInfo> {
  const res = await fetch(`/api/files/${encodeURIComponent(id)}/info`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw uploadErrorFor(res.status, await res.text());
  return fileInfo.parse(await res.json());
}
