import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer } from '../lib/mailer';
import { authMails } from '../auth/auth.mails';
import { runCaptured } from './captured.test-helpers';

// Issue 39 item 21: under npm start without SMTP_URL the sign-up link is only in a quoted-printable
// .eml file, broken over lines with `=` written `=3D`; mail:last-link prints it whole.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'classbots-cli-mail-'));
const env = { NODE_ENV: 'production', DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const link = (who: string) =>
  `http://localhost:3000/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.${who}.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU&callbackURL=%2Fwelcome%3Fconfirmed%3D1`;

describe('npm run cli -- mail:last-link', () => {
  it('says there is no mail yet', async () => {
    const r = await runCaptured(['mail:last-link'], env);
    expect(r.code).toBe(1);
    expect(r.err).toContain('No mail in');
  });

  it('prints the newest mail’s sign-up link as it was sent, which the file itself breaks over lines', async () => {
    const mailer = createMailer(loadConfig(env));
    await mailer.send({ to: 'first@school.example.org', ...authMails('en').verification('Ana', link('first')) });
    await mailer.send({ to: 'second@school.example.org', ...authMails('es').verification('Bea', link('second')) });
    await mailer.send({ to: 'jofirst@school.example.org', ...authMails('en').verification('Jo', link('jo')) });
    // What an operator finds in the file: not the link.
    const files = readdirSync(path.join(dataDir, 'mail')).sort();
    expect(files).toHaveLength(3);
    expect(readFileSync(path.join(dataDir, 'mail', files[1]!), 'utf8')).not.toContain(link('second'));

    const newest = await runCaptured(['mail:last-link'], env);
    expect(newest.code).toBe(0);
    expect(newest.out).toBe(link('jo'));
    expect(newest.err).toContain('jofirst@school.example.org');
    // The address whole, in any case: not the newer mail to jofirst@.
    const toFirst = await runCaptured(['mail:last-link', '--to', 'First@school.example.org'], env);
    expect(toFirst.out).toBe(link('first'));
    const nobody = await runCaptured(['mail:last-link', '--to', 'nobody@school.example.org'], env);
    expect(nobody.code).toBe(1);
  });
});
