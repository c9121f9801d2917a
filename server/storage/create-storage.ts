import type { Readable } from 'node:stream';
import type { Config, S3Config } from '../config';
import { LocalStorage } from './local-storage';
import type { ObjectStorage } from './storage';

/** The backend the config asks for: S3 when S3_* is set, else DATA_DIR/files. */
export function createObjectStorage(config: Config): ObjectStorage {
  return config.s3 ? new LazyS3Storage(config.s3) : new LocalStorage(config.dataDir);
}

/**
 * The S3 backend, its client (@aws-sdk/client-s3, tens of MB in memory) loaded on the first
 * storage call rather than when the server starts: installations on local storage never load it.
 */
class LazyS3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private loaded?: Promise<ObjectStorage>;

  constructor(private readonly config: S3Config) {}

  private storage(): Promise<ObjectStorage> {
    if (!this.loaded) {
      const loading = import('./s3-storage').then(({ S3Storage }) => new S3Storage(this.config));
      // A failed load (a broken install) is not kept: the next call tries again.
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = undefined;
      });
      this.loaded = loading;
    }
    return this.loaded;
  }

  async putFile(key: string, sourcePath: string, size: number): Promise<void> {
    return (await this.storage()).putFile(key, sourcePath, size);
  }

  async get(key: string): Promise<Readable> {
    return (await this.storage()).get(key);
  }

  async delete(key: string): Promise<void> {
    return (await this.storage()).delete(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.storage()).exists(key);
  }
}
