import type { ServerMessage } from '../lib/message';

/** Text extraction's job and answer, shared by the host and the worker. */
export type ExtractKind = 'pdf' | 'docx';

export interface ExtractLimits {
  maxPages: number;
  maxUncompressedBytes: number;
  maxTextChars: number;
}

export interface ExtractJob {
  kind: ExtractKind;
  filePath: string;
  limits: ExtractLimits;
}

/** `refused` carries a message for the teacher; the server keeps running either way. */
export type ExtractResult = { ok: true; text: string } | { ok: false; reason: ServerMessage };
