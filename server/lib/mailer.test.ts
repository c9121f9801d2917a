import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer } from './mailer';

describe('mail', () => {
  it('writes each mail to DATA_DIR/mail as an .eml file when SMTP_URL is unset', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-mail-'));
    const mailer = createMailer(loadConfig({ DATA_DIR: dir }));
    await mailer.send({ to: 'a@example.org', subject: 'Hello there', text: 'Line one' });
    const files = readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(dir, 'mail', files[0]!), 'utf8');
    expect(raw).toMatch(/^To: a@example.org$/m);
    expect(raw).toMatch(/^Subject: Hello there$/m);
    expect(raw).toContain('Line one');
  });

  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'ClassBots <cb@school.org>' }));
      await mailer.send({ to: 'teacher@school.org', subject: 'Confirm', text: 'Open the link' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^From: ClassBots <cb@school.org>/m);
      expect(received[0]).toContain('Open the link');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
