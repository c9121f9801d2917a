import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the demo data keeps the secret its passwords are derived from. */
export const demoSecretFile = (dataDir: string) => path.join(dataDir, 'demo-secret');

/**
 * The secret the demo passwords are derived from (derivedPassphrase): made once, readable by the
 * data folder's owner only, like the generated auth secret. No password is ever written down;
 * anyone who can read this file can read the database too.
 */
export function demoSecret(dataDir: string): string {
  const file = demoSecretFile(dataDir);
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Made by another process a moment ago (keep theirs), or left empty by a crash (replace it).
    const theirs = read();
    if (theirs) return theirs;
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  }
}
