import type * as tus from 'tus-js-client';

type UrlStorage = (typeof tus.defaultOptions)['urlStorage'];
type PreviousUpload = Awaited<ReturnType<UrlStorage['findUploadsByFingerprint']>>[number];

/** The part of the Web Storage API the upload addresses need (localStorage in the browser). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'classbots.upload::';
// tus-js-client's own keys, written before uploads were kept per user.
const LEGACY_PREFIX = 'tus::';

const userPrefix = (userId: string) => `${PREFIX}${encodeURIComponent(userId)}::`;

/** The browser's localStorage, or undefined where it is missing or refused (private modes, sandboxed frames). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function keysStartingWith(storage: KeyValueStorage, prefixes: string[]): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && prefixes.some((p) => key.startsWith(p))) keys.push(key);
  }
  return keys;
}

/**
 * The addresses of one user's unfinished uploads, kept so a reload can resume them. Keyed by the
 * user's id: on a shared classroom laptop one account's uploads (their addresses and file names)
 * are never offered to the next account.
 */
export class UserUploadUrls implements UrlStorage {
  private readonly prefix: string;

  constructor(
    userId: string,
    private readonly storage: KeyValueStorage,
  ) {
    this.prefix = userPrefix(userId);
  }

  findAllUploads(): Promise<PreviousUpload[]> {
    return Promise.resolve(this.entries(this.prefix));
  }

  findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return Promise.resolve(this.entries(`${this.prefix}${fingerprint}::`));
  }

  removeUpload(urlStorageKey: string): Promise<void> {
    // Only ever this user's own entries, whatever key is passed in.
    if (urlStorageKey.startsWith(this.prefix)) this.guard(() => this.storage.removeItem(urlStorageKey));
    return Promise.resolve();
  }

  addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    const key = `${this.prefix}${fingerprint}::${Math.random().toString(36).slice(2)}`;
    this.guard(() => this.storage.setItem(key, JSON.stringify(upload)));
    return Promise.resolve(key);
  }

  private entries(prefix: string): PreviousUpload[] {
    const found: PreviousUpload[] = [];
    for (const key of this.guard(() => keysStartingWith(this.storage, [prefix])) ?? []) {
      try {
        const upload = JSON.parse(this.storage.getItem(key) ?? '') as PreviousUpload;
        if (typeof upload === 'object' && upload !== null) found.push({ ...upload, urlStorageKey: key });
      } catch {
        // A damaged entry must not stop the upload: it starts afresh instead.
      }
    }
    return found;
  }

  /** A full or refused storage only costs the ability to resume, never the upload. */
  private guard<T>(fn: () => T): T | undefined {
    try {
      return fn();
    } catch {
      return undefined;
    }
  }
}

/**
 * Forgets the stored upload addresses of every account but `keep` (all of them when none is kept),
 * tus-js-client's own older entries included. Sign-out calls it with none kept.
 */
export function forgetUploadUrls(storage: KeyValueStorage | undefined = browserStorage(), keep?: string): void {
  if (!storage) return;
  try {
    const kept = keep === undefined ? undefined : userPrefix(keep);
    for (const key of keysStartingWith(storage, [PREFIX, LEGACY_PREFIX])) {
      if (kept === undefined || !key.startsWith(kept)) storage.removeItem(key);
    }
  } catch {
    // Storage that cannot be read holds nothing to forget.
  }
}
