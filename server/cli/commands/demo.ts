import { DEMO_SUPPORT_EMAIL, seedDemo } from '../../modules/operator/demo.service';
import { defineCommand } from '../command';

export const demoCommands = [
  defineCommand({
    name: 'demo:seed',
    group: 'Demo data',
    summary: 'Create the demo school Riverside Middle School with its people, and print their passwords',
    usage: '',
    options: {},
    notes: [
      'Creates a school admin, two teachers and five students of riverside.demo, a paying and a free',
      `individual teacher, and the support account (SUPPORT_EMAIL, or ${DEMO_SUPPORT_EMAIL}). All verified.`,
      'Passwords are random and printed once. Running it again changes nothing.',
    ],
    parse: () => ({}),
    run: async (_input, { config, database, io }) => {
      const result = await seedDemo((await database()).db, { supportEmail: config.supportEmail });
      if (!result.created) {
        io.out(`Demo data already exists (${result.school.schoolname}, ${result.school.domain}); nothing was changed.`);
        io.out('To start over, use a fresh DATA_DIR (or an empty database).');
        return;
      }
      io.out(`Created ${result.school.schoolname} (${result.school.domain}, id ${result.school.id}) and these accounts:`);
      const width = Math.max(...result.accounts.map((a) => a.email.length));
      for (const a of result.accounts) {
        io.out(`  ${a.email.padEnd(width)}  ${(a.password ?? '(unchanged)').padEnd(28)}  ${a.label}`);
      }
      io.out('These passwords are shown only now.');
      if (!config.supportEmail) {
        io.out(`SUPPORT_EMAIL is not set: set SUPPORT_EMAIL=${result.supportEmail} so the server treats that account as support.`);
      }
    },
  }),
];
