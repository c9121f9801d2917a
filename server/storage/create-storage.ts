import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage } from './storage';

/** The backend the config asks for: S3 when S3_* is set, else DATA_DIR/files. */
export function createObjectStorage(config: Config): ObjectStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.dataDir);
}
