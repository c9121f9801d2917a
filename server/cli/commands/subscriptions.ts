import { z } from 'zod';
import { emailField, parseInput } from '../../modules/operator';
import { extendInput, extendSubscription, grantInput, grantSubscription, revokeSubscription } from '../../modules/operator';
import { defineCommand, str } from '../command';

export const subscriptionCommands = [
  defineCommand({
    name: 'subscription:grant',
    group: 'Subscriptions',
    summary: 'Give an account an individual subscription by hand (replaces an earlier grant)',
    usage: '--email E --status active|trialing [--until YYYY-MM-DD]',
    options: {
      email: { type: 'string', help: "the account's e-mail address" },
      status: { type: 'string', help: 'active or trialing' },
      until: { type: 'string', help: 'last day of the grant (inclusive, UTC); default: no end' },
    },
    notes: ['A school licence matching the account still wins over this grant.'],
    parse: (v) => parseInput(grantInput, { email: str(v, 'email'), status: str(v, 'status'), until: str(v, 'until') }),
    run: async (input, { database, io }) => {
      const { user, subscription, replaced } = await grantSubscription((await database()).db, input, { kind: 'cli' });
      const until = subscription.currentPeriodEnd ? `until the end of ${input.until} (UTC)` : 'with no end date';
      io.out(`${replaced ? 'Replaced the grant of' : 'Granted'} ${user.email}: ${subscription.status} ${until}.`);
    },
  }),
  defineCommand({
    name: 'subscription:extend',
    group: 'Subscriptions',
    summary: 'Move the end of the subscription granted to an account by hand',
    usage: '--email E (--until YYYY-MM-DD | --days N)',
    options: {
      email: { type: 'string', help: "the account's e-mail address" },
      until: { type: 'string', help: 'the new last day of the grant (inclusive, UTC)' },
      days: { type: 'string', help: "days added to the grant's end (to today when it has lapsed)" },
    },
    notes: ['Billing-provider subscriptions are not touched: change those with the provider.'],
    parse: (v) => parseInput(extendInput, { email: str(v, 'email'), until: str(v, 'until'), days: str(v, 'days') }),
    run: async (input, { database, io }) => {
      const { user, subscription } = await extendSubscription((await database()).db, input, { kind: 'cli' });
      const end = subscription.currentPeriodEnd!.toISOString().slice(0, 10);
      io.out(`Extended the grant of ${user.email}: ${subscription.status} until the end of ${end} (UTC).`);
    },
  }),
  defineCommand({
    name: 'subscription:revoke',
    group: 'Subscriptions',
    summary: 'Remove the subscriptions granted to an account by hand',
    usage: '--email E',
    options: { email: { type: 'string', help: "the account's e-mail address" } },
    notes: ['Billing-provider subscriptions are not touched: end those with the provider.'],
    parse: (v) => parseInput(z.object({ email: emailField }), { email: str(v, 'email') }),
    run: async (input, { config, database, io }) => {
      const { user, revoked, otherActive } = await revokeSubscription((await database()).db, input, { kind: 'cli' }, config);
      io.out(
        revoked > 0
          ? `Revoked the granted subscription of ${user.email}.`
          : `${user.email} has no granted subscription: nothing to revoke.`,
      );
      if (otherActive) io.out(`Note: ${user.email} still has an active ${otherActive} subscription.`);
    },
  }),
];
