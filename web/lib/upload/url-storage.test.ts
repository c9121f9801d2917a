import * as tus from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../session/signOut';
import { forgetUploadUrls, UserUploadUrls, type KeyValueStorage } from './url-storage';

/** The Web Storage API over a Map, as localStorage behaves (Node has none). */
class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (i: number) => [...this.items.keys()][i] ?? null;
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
  keys = () => [...this.items.keys()];
}

const file = Buffer.from('the same worksheet, picked on the same laptop by two accounts');
const endpoint = '/api/uploads';
// The same file on the same computer has the same fingerprint, whoever picks it.
const fingerprint = 'tus-br-worksheet.pdf-application/pdf-61-1700000000000-/api/uploads';
const stored = (uploadUrl: string) => ({
  size: file.length,
  metadata: { filename: 'worksheet.pdf', filetype: 'application/pdf', purpose: 'knowledge' },
  creationTime: new Date(0).toString(),
  urlStorageKey: '',
  uploadUrl,
  parallelUploadUrls: null,
});

/** What tus-js-client offers to resume when this user picks the file again. */
function previousUploadsFor(userId: string, storage: KeyValueStorage) {
  return new tus.Upload(file, {
    endpoint,
    fingerprint: () => Promise.resolve(fingerprint),
    urlStorage: new UserUploadUrls(userId, storage),
  }).findPreviousUploads();
}

/** Stores an unfinished upload's address for this user, as tus-js-client does after creating it. */
function storeFor(userId: string, storage: KeyValueStorage, uploadUrl: string) {
  return new UserUploadUrls(userId, storage).addUpload(fingerprint, stored(uploadUrl));
}

describe('the addresses kept to resume uploads', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it("offers a user their own unfinished upload, never another account's", async () => {
    await storeFor('teacher-a', storage, '/api/uploads/a-upload');
    expect((await previousUploadsFor('teacher-a', storage)).map((u) => u.uploadUrl)).toEqual(['/api/uploads/a-upload']);
    expect(await previousUploadsFor('teacher-b', storage)).toEqual([]);
    expect(await new UserUploadUrls('teacher-b', storage).findAllUploads()).toEqual([]);
  });

  it('keeps ids apart that share a prefix or contain the separator', async () => {
    await storeFor('a', storage, '/api/uploads/of-a');
    await storeFor('a::b', storage, '/api/uploads/of-a-b');
    expect((await previousUploadsFor('a', storage)).map((u) => u.uploadUrl)).toEqual(['/api/uploads/of-a']);
    expect((await previousUploadsFor('a::b', storage)).map((u) => u.uploadUrl)).toEqual(['/api/uploads/of-a-b']);
    expect(await previousUploadsFor('a:', storage)).toEqual([]);
  });

  it("will not remove another account's entry, even given its key", async () => {
    const key = await storeFor('teacher-a', storage, '/api/uploads/a-upload');
    await new UserUploadUrls('teacher-b', storage).removeUpload(key);
    expect(storage.keys()).toEqual([key]);
    await new UserUploadUrls('teacher-a', storage).removeUpload(key);
    expect(storage.keys()).toEqual([]);
  });

  it("ignores tus-js-client's own older entries, and skips a damaged one", async () => {
    storage.setItem(`tus::${fingerprint}::1`, JSON.stringify(stored('/api/uploads/legacy')));
    await storeFor('teacher-a', storage, '/api/uploads/a-upload');
    storage.setItem(`${storage.keys()[1]!}x`, '{not json');
    expect((await previousUploadsFor('teacher-a', storage)).map((u) => u.uploadUrl)).toEqual(['/api/uploads/a-upload']);
  });

  it("forgets every account's addresses (older tus entries too) and nothing else", async () => {
    storage.setItem('classbots.themeMode', 'light');
    storage.setItem('tus::old::1', JSON.stringify(stored('/api/uploads/legacy')));
    await storeFor('teacher-a', storage, '/api/uploads/a-upload');
    await storeFor('teacher-b', storage, '/api/uploads/b-upload');
    forgetUploadUrls(storage);
    expect(storage.keys()).toEqual(['classbots.themeMode']);
  });

  it("keeps one account's addresses when asked, forgetting the others'", async () => {
    storage.setItem('tus::old::1', '{}');
    await storeFor('teacher-a', storage, '/api/uploads/a-upload');
    await storeFor('teacher-b', storage, '/api/uploads/b-upload');
    forgetUploadUrls(storage, 'teacher-b');
    expect(await previousUploadsFor('teacher-a', storage)).toEqual([]);
    expect((await previousUploadsFor('teacher-b', storage)).map((u) => u.uploadUrl)).toEqual(['/api/uploads/b-upload']);
    expect(storage.length).toBe(1);
  });

  it('survives a storage that refuses every call', async () => {
    const refusing: KeyValueStorage = {
      length: 1,
      key: () => {
        throw new Error('SecurityError');
      },
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => forgetUploadUrls(refusing)).not.toThrow();
    await expect(previousUploadsFor('teacher-a', refusing)).resolves.toEqual([]);
    await expect(storeFor('teacher-a', refusing, '/api/uploads/x')).resolves.toMatch(/^classbots\.upload::teacher-a::/);
  });
});

describe('signing out', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('forgets the upload addresses kept in the browser, even when the server cannot be reached', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await storeFor('teacher-a', storage, '/api/uploads/a-upload');
    await expect(signOut()).rejects.toMatchObject({ code: 'network' });
    expect(storage.keys()).toEqual([]);
    expect(await previousUploadsFor('teacher-a', storage)).toEqual([]);
  });
});
