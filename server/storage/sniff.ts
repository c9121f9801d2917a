import { open } from 'node:fs/promises';
import path from 'node:path';
import { acceptedFileTypes, fileExtensions, type FileType } from '../../contract/files';
import { readZipDirectory } from './zip';
import { message, type ServerMessage } from '../lib/message';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' satisfies FileType;
const HEAD_BYTES = 64 * 1024;

/** What a file's bytes say it is: an accepted type, 'text' (TXT or Markdown), or a description of something refused. */
export type Sniffed = { kind: 'accepted'; type: FileType } | { kind: 'text' } | { kind: 'refused'; looksLike: ServerMessage };

const starts = (b: Buffer, sig: string | number[], at = 0) => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= at + bytes.length && b.subarray(at, at + bytes.length).equals(bytes);
};

/** Recognises a file by its magic bytes (and, for DOCX, its zip directory); never by its name. */
export async function sniffFile(filePath: string): Promise<Sniffed> {
  const handle = await open(filePath, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (starts(head, '%PDF-')) return { kind: 'accepted', type: 'application/pdf' };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'accepted', type: 'image/png' };
  if (starts(head, [0xff, 0xd8, 0xff])) return { kind: 'accepted', type: 'image/jpeg' };
  if (starts(head, 'GIF87a') || starts(head, 'GIF89a')) return { kind: 'accepted', type: 'image/gif' };
  if (starts(head, 'RIFF') && starts(head, 'WEBP', 8)) return { kind: 'accepted', type: 'image/webp' };
  if (starts(head, 'PK\x03\x04')) return sniffZip(filePath);
  const refused = describeRefused(head);
  if (refused) return { kind: 'refused', looksLike: refused };
  if (isText(head)) return { kind: 'text' };
  return { kind: 'refused', looksLike: message('unknownBinary') };
}

async function sniffZip(filePath: string): Promise<Sniffed> {
  try {
    const names = new Set((await readZipDirectory(filePath)).map((e) => e.name));
    if (names.has('[Content_Types].xml') && names.has('word/document.xml')) return { kind: 'accepted', type: DOCX };
    return { kind: 'refused', looksLike: message('zipNotWord') };
  } catch {
    return { kind: 'refused', looksLike: message('damagedZip') };
  }
}

function describeRefused(head: Buffer): ServerMessage | undefined {
  if (starts(head, 'MZ')) return message('windowsProgram');
  if (starts(head, [0x7f, 0x45, 0x4c, 0x46])) return message('linuxProgram');
  if (
    [
      [0xfe, 0xed, 0xfa, 0xce],
      [0xfe, 0xed, 0xfa, 0xcf],
      [0xcf, 0xfa, 0xed, 0xfe],
      [0xca, 0xfe, 0xba, 0xbe],
    ].some((s) => starts(head, s))
  )
    return message('macProgram');
  if (starts(head, '#!')) return message('aScript');
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0])) return message('oldOffice');
  const text = head.toString('latin1', 0, 512).trimStart().toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?<svg/.test(text)) return message('svgImage');
  if (/^(<!doctype html|<html|<script)/.test(text)) return message('webPage');
  return undefined;
}

/** UTF-8 without NUL bytes; a multi-byte character cut at the end of the sample is fine. */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  let end = head.length;
  // Step back over a possibly cut character at the end of the sample.
  for (let i = 0; i < 3 && end > 0 && ((head[end - 1] ?? 0) & 0xc0) === 0x80; i++) end--;
  if (end > 0 && ((head[end - 1] ?? 0) & 0xc0) === 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The accepted type a client means: its declared MIME type if accepted, else the name's extension. */
export function intendedType(declared: string, name: string): FileType | undefined {
  const mime = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  const accepted = acceptedFileTypes.find((t) => t === mime);
  if (accepted) return accepted;
  const ext = path.extname(name).toLowerCase();
  return acceptedFileTypes.find((t) => fileExtensions[t].includes(ext));
}

/** The stored type when bytes and intent agree, or the reason they do not. */
export function matchType(
  sniffed: Sniffed,
  intended: FileType | undefined,
): { ok: true; type: FileType } | { ok: false; reason: ServerMessage } {
  if (!intended) return { ok: false, reason: message('notAccepted') };
  const label = typeLabel(intended);
  if (sniffed.kind === 'refused') return { ok: false, reason: message('meantToBe', { label, actual: sniffed.looksLike }) };
  if (sniffed.kind === 'text') {
    if (intended === 'text/plain' || intended === 'text/markdown') return { ok: true, type: intended };
    return { ok: false, reason: message('meantToBe', { label, actual: message('plainText') }) };
  }
  if (sniffed.type === intended) return { ok: true, type: intended };
  return { ok: false, reason: message('meantToBe', { label, actual: typeLabel(sniffed.type) }) };
}

function typeLabel(t: FileType): ServerMessage {
  const labels: Record<FileType, ServerMessage> = {
    'application/pdf': message('aPdf'),
    [DOCX]: message('aWordDocument'),
    'text/plain': message('aTextFile'),
    'text/markdown': message('aMarkdownFile'),
    'image/png': message('aPngImage'),
    'image/jpeg': message('aJpegImage'),
    'image/webp': message('aWebpImage'),
    'image/gif': message('aGifImage'),
  };
  return labels[t];
}
