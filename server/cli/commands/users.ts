import { z } from 'zod';
import {
  changePassword,
  changePasswordInput,
  createAccount,
  createAccountInput,
  deleteUserEverything,
  setAccountRole,
  setRoleInput,
} from '../../modules/operator';
import { emailField, parseInput } from '../../modules/operator';
import { defineCommand, flag, str } from '../command';

const email = { type: 'string', help: "the account's e-mail address" } as const;

export const userCommands = [
  defineCommand({
    name: 'user:create',
    group: 'Accounts',
    summary: 'Create an account that signs in with e-mail and password (also the support account)',
    usage: '--email E --password P [--name N] [--role teacher|student] [--verified]',
    options: {
      email,
      password: { type: 'string', help: 'at least 8 characters' },
      name: { type: 'string', help: 'display name (default: from the address, jane.doe@... gives Jane Doe)' },
      role: { type: 'string', help: 'teacher (default) or student: the role outside a school' },
      verified: { type: 'boolean', help: 'mark the address as verified (needed to match a school licence)' },
    },
    notes: ['The SUPPORT_EMAIL address is always created verified: this is how the support account is made.'],
    parse: (v) =>
      parseInput(createAccountInput, {
        email: str(v, 'email'),
        password: str(v, 'password'),
        name: str(v, 'name'),
        role: str(v, 'role'),
        verified: flag(v, 'verified'),
      }),
    run: async (input, { config, database, io }) => {
      const { db } = await database();
      const { user, isSupport } = await createAccount(db, input, config.supportEmail);
      const verified = user.emailVerified ? 'verified' : 'not verified: they must confirm the address before a school licence applies';
      io.out(`Created ${user.role} account ${user.email} (${user.name}), ${verified}.`);
      if (isSupport) io.out('This is the support account (SUPPORT_EMAIL).');
    },
  }),
  defineCommand({
    name: 'user:set-password',
    group: 'Accounts',
    summary: "Set an account's password and sign it out everywhere",
    usage: '--email E --password P',
    options: { email, password: { type: 'string', help: 'at least 8 characters' } },
    parse: (v) => parseInput(changePasswordInput, { email: str(v, 'email'), password: str(v, 'password') }),
    run: async (input, { database, io }) => {
      await changePassword((await database()).db, input);
      io.out(`Set a new password for ${input.email}; every session of that account has ended.`);
    },
  }),
  defineCommand({
    name: 'user:set-role',
    group: 'Accounts',
    summary: "Change an account's role outside a school (teacher or student)",
    usage: '--email E --role teacher|student',
    options: { email, role: { type: 'string', help: 'teacher or student' } },
    notes: ['Inside a school the teachers list decides instead: see school:teacher-add.'],
    parse: (v) => parseInput(setRoleInput, { email: str(v, 'email'), role: str(v, 'role') }),
    run: async (input, { database, io }) => {
      const { previous, role } = await setAccountRole((await database()).db, input);
      io.out(previous === role ? `${input.email} already has the role ${role}.` : `${input.email} is now a ${role} (was ${previous}).`);
    },
  }),
  defineCommand({
    name: 'user:delete',
    group: 'Accounts',
    summary: 'Delete an account and everything it owns',
    usage: '--email E',
    options: { email },
    notes: ['Sessions, sign-in methods, subscriptions and files go with it. School licence lists are left as they are.'],
    parse: (v) => parseInput(z.object({ email: emailField }), { email: str(v, 'email') }),
    run: async (input, { database, io, config }) => {
      const gone = await deleteUserEverything({ db: (await database()).db, config }, input.email);
      io.out(`Deleted ${gone.email} with ${gone.sessions} session(s), ${gone.subscriptions} subscription(s) and ${gone.files} file(s).`);
    },
  }),
];
