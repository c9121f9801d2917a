// The fake Google Classroom and its OAuth (tests/fakes/google-classroom.ts) in its own process, for
// the browser specs (scripts/e2e.mjs is plain Node and cannot import TypeScript). Prints
// FAKE_GOOGLE_URL=<url> once listening, then serves until killed; a spec sets it up through
// /_fake/* (e2e/fixtures/google.ts). Settings:
//   FAKE_GOOGLE_CLIENT_ID, FAKE_GOOGLE_CLIENT_SECRET  the OAuth client (the app's GOOGLE_CLIENT_ID and _SECRET)
//   FAKE_GOOGLE_REDIRECT_URI                          the app's BASE_URL/api/classroom/callback
/* eslint-disable no-restricted-properties -- a standalone test process that takes its settings from its environment, as scripts/ and e2e/ do */
import process from 'node:process';
import { startFakeGoogleClassroom } from './google-classroom';

const { FAKE_GOOGLE_CLIENT_ID: clientId, FAKE_GOOGLE_CLIENT_SECRET: clientSecret, FAKE_GOOGLE_REDIRECT_URI: redirectUri } = process.env;
if (!clientId || !clientSecret || !redirectUri) {
  process.stderr.write('FAKE_GOOGLE_CLIENT_ID, FAKE_GOOGLE_CLIENT_SECRET and FAKE_GOOGLE_REDIRECT_URI are required\n');
  process.exit(2);
}

const fake = await startFakeGoogleClassroom({ clientId, clientSecret, redirectUri, control: true });
process.stdout.write(`FAKE_GOOGLE_URL=${fake.url}\n`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
