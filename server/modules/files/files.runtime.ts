import type { Config } from '../../config';
import { createObjectStorage } from '../../storage/create-storage';
import { TextExtractor } from '../../storage/extract';
import type { ObjectStorage } from '../../storage/storage';
import type { FileRow } from './files.presenter';

/**
 * The long-lived parts of storing files: one set per configuration (per process). The resumable
 * uploads (tus) are not here: their hooks finish files through files.service, which needs this
 * runtime, so they live one layer up (files.tus) and this module imports nothing of the module.
 */
export interface FilesRuntime {
  storage: ObjectStorage;
  extractor: TextExtractor;
  /** Finalisations under way, by file id, so a retried request joins the first. */
  finalizing: Map<string, Promise<FileRow>>;
}

const runtimes = new WeakMap<Config, FilesRuntime>();

/** The files runtime for this configuration, created on first use. */
export function filesRuntime(config: Config): FilesRuntime {
  let runtime = runtimes.get(config);
  if (!runtime) {
    runtime = { storage: createObjectStorage(config), extractor: new TextExtractor(config.files.extract), finalizing: new Map() };
    runtimes.set(config, runtime);
  }
  return runtime;
}
