import path from 'node:path';
import { z } from 'zod';
import { parseInput } from '../../modules/operator';
import { linksIn, readMailFiles } from '../../lib/mail-files';
import { defineCommand, str } from '../command';

export const mailCommands = [
  defineCommand({
    name: 'mail:last-link',
    group: 'Mail',
    summary: 'Print the link of the newest mail in DATA_DIR/mail (without SMTP_URL), as it was sent',
    usage: '[--to ADDRESS]',
    options: { to: { type: 'string', help: 'the newest mail to this address rather than the newest of all' } },
    notes: [
      'Without SMTP_URL every mail is a file in DATA_DIR/mail, quoted-printable: a long link is broken',
      'over lines there and cannot be copied. This prints the first link of the newest mail, whole.',
      'With several app processes each writes in its own DATA_DIR: run it where the mail was sent, or set SMTP_URL.',
    ],
    parse: (v) => parseInput(z.object({ to: z.string().trim().toLowerCase().min(1).optional() }), { to: str(v, 'to') }),
    run: (input, { config, io }) => {
      const dir = path.join(config.dataDir, 'mail');
      if (config.smtpUrl) io.err(`SMTP_URL is set: mail goes to the mail server; only mail written before it was set is in ${dir}.`);
      // One of the mail's addresses, whole: --to ann@x.org is not joann@x.org.
      const mail = readMailFiles(dir).find((m) => !input.to || addressesIn(m.to).includes(input.to));
      if (!mail) {
        io.err(input.to ? `No mail to ${input.to} in ${dir}.` : `No mail in ${dir}.`);
        return 1;
      }
      const [link] = linksIn(mail.text);
      if (!link) {
        io.err(`The newest mail (${mail.file}, "${mail.subject}") holds no link.`);
        return 1;
      }
      io.err(`From ${mail.file}: to ${mail.to}, "${mail.subject}".`);
      io.out(link);
    },
  }),
];

/** The addresses of a To header, lower case ("Ann <ann@x.org>, bo@y.org" gives both). */
const addressesIn = (header: string): string[] => [...header.toLowerCase().matchAll(/[^\s<>,;"]+@[^\s<>,;"]+/g)].map((m) => m[0]);
