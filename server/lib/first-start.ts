import path from 'node:path';

/** Where an installation's data lives, as the operator must name it to the command line. */
export interface DataPlace {
  /** The absolute data folder (DATA_DIR, resolved). */
  dataDir: string;
  /** Set when the database is a PostgreSQL server rather than the embedded one in dataDir. */
  databaseUrl: string | undefined;
  /** The folder the command is run from, to tell the default ./data from another folder. */
  cwd: string;
}

/**
 * The environment prefix that points a command at this installation's data: nothing for the
 * default ./data of the folder it runs in, `DATA_DIR=...` for another folder. A PostgreSQL
 * installation is named by its DATABASE_URL, which holds a password, so it is never printed.
 */
export function dataDirPrefix(place: DataPlace): string {
  if (place.databaseUrl) return '';
  if (path.resolve(place.cwd, 'data') === place.dataDir) return '';
  return `DATA_DIR=${shellQuote(place.dataDir)} `;
}

/** The data an installation keeps, in words: its data folder or its PostgreSQL database. */
export function describeDataPlace(place: DataPlace): string {
  if (!place.databaseUrl) return `the data folder ${place.dataDir}`;
  try {
    const url = new URL(place.databaseUrl);
    return `the PostgreSQL database ${url.pathname.replace(/^\//, '') || '(default)'} on ${url.host}`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

/** What the server prints when it starts on an installation with no accounts. */
export function firstStartHint(place: DataPlace, baseUrl: string): string {
  const prefix = dataDirPrefix(place);
  return [
    '',
    `This installation (${describeDataPlace(place)}) has no accounts yet.`,
    `  Create one:        open ${baseUrl}/ and choose "Create account", or`,
    `                     ${prefix}npm run cli -- user:create --email you@school.org --password "..." --role teacher --verified`,
    `  Load demo data:    stop the server, run  ${prefix}npm run cli -- demo:seed  and start it again`,
    '                     (with DATABASE_URL set, the CLI can run beside the server)',
    '',
  ].join('\n');
}

function shellQuote(value: string): string {
  return /^[\w./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
