import { z } from 'zod';
import { backupDatabase, refuseOnPostgres, restoreDatabase } from '../../modules/operator';
import { parseInput } from '../../modules/operator';
import { defineCommand, flag, str } from '../command';

const fileField = z.string({ error: 'is required' }).trim().min(1, 'is required');

export const databaseCommands = [
  defineCommand({
    name: 'db:backup',
    group: 'Database',
    summary: 'Copy the embedded database (DATA_DIR) to a .tar.gz file',
    usage: '--out FILE [--force]',
    options: {
      out: { type: 'string', help: 'the file to write, such as backups/classbots-2030-01-31.tar.gz' },
      force: { type: 'boolean', help: 'overwrite FILE when it exists' },
    },
    notes: [
      'Stop the server first: the embedded database has one user at a time.',
      'With DATABASE_URL set, use pg_dump instead.',
      'The file holds password hashes: keep it as safe as the server.',
    ],
    parse: (v) => parseInput(z.object({ out: fileField, force: z.boolean() }), { out: str(v, 'out'), force: flag(v, 'force') }),
    run: async (input, { config, database, io }) => {
      refuseOnPostgres(config);
      const { file, bytes } = await backupDatabase(await database(), input.out, { force: input.force });
      io.out(`Wrote a backup of ${config.dataDir}/db to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
    },
  }),
  defineCommand({
    name: 'db:restore',
    group: 'Database',
    summary: 'Replace the embedded database with a backup (the current one is kept aside)',
    usage: '--in FILE',
    options: { in: { type: 'string', help: 'a file written by db:backup' } },
    notes: [
      'Stop the server first. The current DATA_DIR/db is moved to DATA_DIR/db.before-restore-<time>;',
      'delete that folder once the restored data looks right. With DATABASE_URL set, use pg_restore instead.',
    ],
    parse: (v) => parseInput(z.object({ in: fileField }), { in: str(v, 'in') }),
    run: async (input, { config, io }) => {
      const { file, target, movedAside } = await restoreDatabase(config, input.in);
      io.out(`Restored ${file} into ${target}.`);
      io.out(movedAside ? `The previous database is kept in ${movedAside}.` : 'There was no database before.');
    },
  }),
];
