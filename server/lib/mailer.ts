import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up banner. */
  describe(): string;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to DATA_DIR/mail as an .eml file so
 * sign-up works with no mail server.
 */
export function createMailer(config: Config): Mailer {
  return undeliverableDropped(transportFor(config));
}

/** An address under the reserved `.invalid` domain (an LTI account its platform gave no address) is never sent to. */
export const isUndeliverable = (address: string) => /\.invalid$/i.test(address.trim());

function undeliverableDropped(mailer: Mailer): Mailer {
  return { describe: () => mailer.describe(), send: async (mail) => (isUndeliverable(mail.to) ? undefined : mailer.send(mail)) };
}

function transportFor(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      describe: () => `SMTP (${new URL(config.smtpUrl!).host})`,
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: () => `files in ${dir}`,
    send: async (mail) => {
      const info = await builder.sendMail({ from: config.mailFrom, ...mail });
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      writeFileSync(path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`), info.message as Buffer);
    },
  };
}
