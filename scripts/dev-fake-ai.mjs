// npm run dev:fake-ai: the app (API + Vite, as npm run dev) wired to the built-in fake Gemini, so
// every AI feature can be tried with no key. Loads the demo data first when the database is empty.
// Replies come from the test provider; the app says so (GET /api/ai: testProvider, notice).
import { spawn, spawnSync } from 'node:child_process';
import { count } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { schema } from '../server/db/client.ts';
import { openDatabase } from '../server/db/open.ts';
import { startFakeGemini } from '../tests/fakes/gemini.ts';

const fakePort = Number(process.env.FAKE_AI_PORT ?? 3999);
// The demo's support account is support only when SUPPORT_EMAIL names it.
process.env.SUPPORT_EMAIL ||= 'support@classbots.demo';
const config = loadConfig();

// The CLI and the server must not hold the embedded database at once: seed before starting.
const database = await openDatabase(config, 'npm run dev:fake-ai');
const [{ users }] = await database.db.select({ users: count() }).from(schema.user);
await database.close();
if (users === 0) {
  console.log('The database is empty: loading the demo data (npm run cli -- demo:seed).\n');
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'demo:seed'], { stdio: 'inherit', env: process.env });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
} else {
  console.log(
    `The database has ${users} account(s): sign in with one of them (demo passwords were printed when the demo data was loaded).`,
  );
}

const fake = await startFakeGemini({ apiKey: 'fake-dev-key', port: fakePort });
// Like a real model: a short wait, then a steady stream; the reply says where it comes from.
fake.core.set({
  ttftMs: 400,
  tokensPerSecond: 60,
  tokensPerChunk: 3,
  reply: (rec) => {
    const asked = (rec.raw.match(/"text":"((?:[^"\\]|\\.)*)"/g) ?? []).at(-1)?.slice(8, -1).slice(0, 200) ?? '';
    return [
      'This reply comes from the **built-in test provider**, not a real AI model.',
      '',
      `You asked: _${asked.replace(/\\n/g, ' ')}_`,
      '',
      '## What a real reply would look like',
      '- A heading or two, lists and tables render as Markdown.',
      '- Streaming, Stop, Retry, quotas and saving all work exactly as with Gemini.',
      '',
      'Set GEMINI_API_KEY (or OPENAI_COMPATIBLE_BASE_URL) and start with npm run dev to use a real model.',
    ].join('\n');
  },
});
console.log(`\nFake Gemini listening on ${fake.url} (text and Imagen images).`);

const env = {
  ...process.env,
  GEMINI_API_KEY: 'fake-dev-key',
  GEMINI_BASE_URL: fake.url,
  AI_PROVIDER: 'gemini',
  AI_TEST_PROVIDER: 'true',
  OPENAI_COMPATIBLE_BASE_URL: '',
};
const dev = spawn(process.execPath, ['scripts/dev.mjs'], { stdio: 'inherit', env });
console.log('Sign in at http://localhost:5173 with an account above; every AI action answers from the test provider.\n');
const stop = () => dev.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
dev.on('exit', (code) => void fake.close().finally(() => process.exit(code ?? 0)));
