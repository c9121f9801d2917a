import { readFileSync } from 'node:fs';

/** The app's version from package.json, read once (two folders up from server/lib and from dist/server alike). */
export const version: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
