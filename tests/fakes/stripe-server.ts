// The fake Stripe (tests/fakes/stripe.ts) in its own process, for the browser specs (scripts/e2e.mjs
// is plain Node and cannot import TypeScript). Prints FAKE_STRIPE_URL=<url> once listening, then
// serves until killed. Settings:
//   FAKE_STRIPE_PORT            port to listen on (0 or unset: any free port)
//   FAKE_STRIPE_WEBHOOK_URL     where the Pay and Cancel plan pages post their signed events (the app's /api/billing/webhook)
//   FAKE_STRIPE_WEBHOOK_SECRET  the secret they are signed with (the app's STRIPE_WEBHOOK_SECRET; default whsec_fake_e2e)
// Prices: price_month_fake (9 USD a month) and price_year_fake (90 USD a year).
/* eslint-disable no-restricted-properties -- a standalone test process that takes its settings from its environment, as scripts/ and e2e/ do */
import process from 'node:process';
import { FAKE_PRICES, startFakeStripe } from './stripe';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write('FAKE_STRIPE_PORT must be a port number (0 for any free port)\n');
  process.exit(2);
}

const fake = await startFakeStripe({
  port,
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET ?? 'whsec_fake_e2e',
  prices: FAKE_PRICES,
});
process.stdout.write(`FAKE_STRIPE_URL=${fake.url}\n`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
