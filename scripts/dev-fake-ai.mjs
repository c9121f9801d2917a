// npm run dev:fake-ai: the app (API + Vite, as npm run dev, on PORT and WEB_PORT) wired to the
// built-in fake Gemini on FAKE_AI_PORT, so every AI feature can be tried with no key. Before it
// starts, demo:seed loads whatever of the demo data is missing (whatever other accounts exist) and
// prints the demo sign-ins, every time. Replies come from the test provider and the app says so.
// Billing runs against the fake Stripe of the tests (FAKE_STRIPE_PORT) unless STRIPE_SECRET_KEY is set.
import { runCli } from '../server/cli/cli.ts';
import { startFakeGemini } from '../tests/fakes/gemini.ts';
import { FAKE_PRICES, startFakeStripe } from '../tests/fakes/stripe.ts';
import { devSettings, startDev } from './dev-lib.mjs';

const settings = devSettings();
const fakePort = Number(process.env.FAKE_AI_PORT?.trim() || 3999);
if (!Number.isInteger(fakePort) || fakePort < 0 || fakePort > 65535 || fakePort === settings.apiPort || fakePort === settings.webPort) {
  console.error(`FAKE_AI_PORT must be a free port number other than PORT and WEB_PORT (it is "${process.env.FAKE_AI_PORT}").`);
  process.exit(2);
}
// The demo's support account is support only when SUPPORT_EMAIL names it.
settings.env.SUPPORT_EMAIL ||= 'support@classbots.demo';

// The CLI and the server must not hold the embedded database at once: seed first, in this process.
console.log('Loading whatever of the demo data is missing (npm run cli -- demo:seed):');
const printed = [];
const seeded = await runCli(['demo:seed'], { out: (s) => (printed.push(s), console.log(s)), err: (s) => console.error(s) }, settings.env);
if (seeded !== 0) process.exit(seeded);
// One account to suggest at the end, when its demo password still works.
const suggestion = printed.map((l) => /^ {2}(\S+@\S+)\s+(\S+)\s+school teacher$/.exec(l)).find((m) => m && !m[2].startsWith('('));

const fake = await startFakeGemini({ apiKey: 'fake-dev-key', port: fakePort });
// Like a real model: a short wait, then a steady stream; the reply says where it comes from.
fake.core.set({
  ttftMs: 400,
  tokensPerSecond: 60,
  tokensPerChunk: 3,
  reply: (rec) => {
    // The teacher's or student's last turn (not the system text), tags and line breaks flattened.
    const turns = rec.body?.contents ?? [];
    const last = turns.filter((t) => t.role === 'user').at(-1);
    const asked = (last?.parts ?? [])
      .map((p) => p.text ?? '')
      .join(' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    return [
      'This reply comes from the **built-in test provider**, not a real AI model.',
      '',
      `You asked: _${asked.replace(/[_*]/g, ' ')}_`,
      '',
      '## What a real reply would look like',
      '- A heading or two, lists and tables render as Markdown.',
      '- Streaming, Stop, Retry, quotas and saving all work exactly as with Gemini.',
      '',
      'Set GEMINI_API_KEY (or OPENAI_COMPATIBLE_BASE_URL) and start with npm run dev to use a real model.',
    ].join('\n');
  },
});
console.log(`\nFake Gemini listening on ${fake.url} (FAKE_AI_PORT; text and Imagen images).\n`);

Object.assign(settings.env, {
  GEMINI_API_KEY: 'fake-dev-key',
  GEMINI_BASE_URL: fake.url,
  AI_PROVIDER: 'gemini',
  AI_TEST_PROVIDER: 'true',
  OPENAI_COMPATIBLE_BASE_URL: '',
});
// Billing without internet: the Stripe stand-in the tests use, unless real Stripe settings are given.
// Upgrade opens its Checkout page; Pay there sends signed webhooks to this app, as Stripe would.
let fakeStripe;
if (!settings.env.STRIPE_SECRET_KEY?.trim()) {
  const webhookSecret = 'whsec_fake_dev';
  fakeStripe = await startFakeStripe({
    port: Number(process.env.FAKE_STRIPE_PORT?.trim() || 0),
    webhookUrl: `http://127.0.0.1:${settings.apiPort}/api/billing/webhook`,
    webhookSecret,
    prices: FAKE_PRICES,
  });
  Object.assign(settings.env, {
    STRIPE_SECRET_KEY: 'sk_test_fake_dev',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_MONTHLY: FAKE_PRICES.month.id,
    STRIPE_PRICE_YEARLY: FAKE_PRICES.year.id,
    STRIPE_API_URL: fakeStripe.url,
  });
  console.log(`Fake Stripe listening on ${fakeStripe.url} (FAKE_STRIPE_PORT; Upgrade opens its Checkout page, no card needed).\n`);
}

const { ended } = startDev(settings, {
  ready: [
    suggestion
      ? `Sign in as ${suggestion[1]} with ${suggestion[2]} (a school teacher), or with any demo sign-in above.`
      : 'Sign in with a demo sign-in above.',
    'Every AI action answers from the test provider.',
  ],
});
const code = await ended;
await fake.close();
await fakeStripe?.close();
process.exit(code);
