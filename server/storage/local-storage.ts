import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, ObjectNotFoundError, type ObjectStorage } from './storage';

/** Finished files in DATA_DIR/files/<key>, written to a temporary name and renamed into place. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await copyFile(sourcePath, temp);
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) throw new ObjectNotFoundError(key);
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }
}
