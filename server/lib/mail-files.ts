import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The mail files the mailer writes without SMTP_URL (DATA_DIR/mail/*.eml, quoted-printable, which
 * breaks a long link over lines and writes `=` as `=3D`), read back for the operator: the newest
 * mail's first link as it was sent (`npm run cli -- mail:last-link`).
 */
export interface MailFile {
  file: string;
  to: string;
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
}

const unfold = (head: string) => head.replace(/\r?\n[ \t]+/g, ' ');
const headerOf = (head: string, name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';

function splitPart(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at === -1) return { head: unfold(raw), body: '' };
  return { head: unfold(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(head: string, body: string): string {
  const encoding = headerOf(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const soft = body.replace(/=\r?\n/g, '');
  return soft.replace(/(?:=[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** The plain-text part of a mail (the first text/plain part of a multipart one). */
function plainText(raw: string): string {
  const { head, body } = splitPart(raw);
  const type = headerOf(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return decodeBody(head, body);
  for (const piece of body.split(`--${boundary}`).slice(1)) {
    if (piece.startsWith('--')) break;
    const part = splitPart(piece.replace(/^\r?\n/, ''));
    const partType = headerOf(part.head, 'Content-Type') || 'text/plain';
    if (/^multipart\//i.test(partType)) return plainText(piece.replace(/^\r?\n/, ''));
    if (/^text\/plain/i.test(partType)) return decodeBody(part.head, part.body);
  }
  return '';
}

/** A header's RFC 2047 words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody('Content-Transfer-Encoding: quoted-printable', text.replace(/_/g, ' ')),
    );
}

/**
 * The mail files in `dir`, newest first: by the time each was written (to the nanosecond, since two
 * mails of one millisecond have names that sort by their random part), then by name.
 */
export function readMailFiles(dir: string): MailFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const written = new Map(names.map((name) => [name, statSync(path.join(dir, name), { bigint: true }).mtimeNs]));
  return names
    .sort((a, b) => {
      const [ta, tb] = [written.get(a)!, written.get(b)!];
      return ta === tb ? b.localeCompare(a) : ta < tb ? 1 : -1;
    })
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), 'utf8');
      const { head } = splitPart(raw);
      return { file: name, to: headerOf(head, 'To'), subject: decodeWords(headerOf(head, 'Subject')), text: plainText(raw) };
    });
}

/** The links in a mail's text, in order. */
export const linksIn = (text: string): string[] => [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
