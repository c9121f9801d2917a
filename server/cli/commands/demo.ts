import { DEMO_SUPPORT_EMAIL, seedDemo, type DemoSeedResult } from '../../modules/operator';
import { demoSecret } from '../../modules/operator';
import { defineCommand, flag, type Io } from '../command';
import { dataDirPrefix, describeDataPlace, type DataPlace } from '../../lib/first-start';

const OTHER_PASSWORD = '(another password)';

export const demoCommands = [
  defineCommand({
    name: 'demo:seed',
    group: 'Demo data',
    summary: 'Load whatever of the demo school Riverside Middle School is missing, and print its sign-ins',
    usage: '[--reset-passwords]',
    options: {
      'reset-passwords': { type: 'boolean', help: "set each demo person's password back to its demo password" },
    },
    notes: [
      'Creates a school admin, two teachers and five students of riverside.demo, a paying and a free',
      `individual teacher, and the support account (SUPPORT_EMAIL, or ${DEMO_SUPPORT_EMAIL}), all verified;`,
      'each teacher gets sample bots of every kind, finished sample runs and Saved Docs items, and one',
      'teacher shares a bot with the school; one teacher has a class of the five students and a TutorBot',
      'assignment for it (a finished transcript with feedback, one under way). Only what is missing is',
      'added, so running it again changes nothing. The passwords are derived from a secret kept in',
      'DATA_DIR/demo-secret (readable by its owner only), so every run prints the same sign-ins; no',
      'password is stored anywhere.',
    ],
    parse: (v) => ({ resetPasswords: flag(v, 'reset-passwords') }),
    run: async (input, { config, database, io }) => {
      const result = await seedDemo((await database()).db, {
        supportEmail: config.supportEmail,
        billing: config.billing,
        secret: demoSecret(config.dataDir),
        resetPasswords: input.resetPasswords,
      });
      printDemo(io, result, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, cwd: process.cwd() });
      if (!config.supportEmail) {
        io.out(`SUPPORT_EMAIL is not set: set SUPPORT_EMAIL=${result.supportEmail} so the server treats that account as support.`);
      }
    },
  }),
];

function printDemo(io: Io, result: DemoSeedResult, place: DataPlace) {
  const { added, school } = result;
  const parts = [
    added.school && 'the school',
    added.accounts && `${added.accounts} account(s)`,
    added.bots && `${added.bots} sample bot(s)`,
    added.runs && `${added.runs} finished run(s)`,
    added.savedItems && `${added.savedItems} Saved Docs item(s)`,
    added.classes && `${added.classes} class(es)`,
    added.assignments && `${added.assignments} assignment(s) with student work`,
  ].filter(Boolean);
  io.out(
    parts.length
      ? `Demo data of ${school.schoolname} (${school.domain}): added ${parts.join(', ')}.`
      : `Demo data of ${school.schoolname} (${school.domain}) is all in place; nothing was added.`,
  );
  io.out(`Demo sign-ins of ${describeDataPlace(place)} (the same on every run; another data folder has its own):`);
  const width = Math.max(...result.accounts.map((a) => a.email.length));
  const passwordWidth = Math.max(...result.accounts.map((a) => (a.password ?? OTHER_PASSWORD).length));
  for (const a of result.accounts) {
    io.out(`  ${a.email.padEnd(width)}  ${(a.password ?? OTHER_PASSWORD).padEnd(passwordWidth)}  ${a.label}`);
  }
  if (result.accounts.some((a) => !a.password)) {
    io.out(
      `${OTHER_PASSWORD}: the account no longer has its demo password; ${dataDirPrefix(place)}npm run cli -- demo:seed --reset-passwords sets it back (never the support account's).`,
    );
  }
}
