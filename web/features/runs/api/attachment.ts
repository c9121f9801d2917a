/**
 * The line that introduces an attached file inside the sent message. A fixed marker, never
 * translated: stored messages are split back on it in any language (the page shows the file's name instead).
 */
const sentPrefix = (name: string) => `Attached file: ${name}`;

/** Leaves room for the message itself under the server's AI_MAX_INPUT_CHARS (20,000 by default). */
export const MAX_ATTACHMENT_CHARS = 18_000;

export interface Attachment {
  name: string;
  text: string;
}

/** The message as sent: the typed text, then the attached file's text in a fence it cannot close. */
export function withAttachment(text: string, attachment: Attachment | null): string {
  if (!attachment) return text;
  const longestRun = Math.max(2, ...(attachment.text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${text}\n\n${sentPrefix(attachment.name)}\n\n${fence}\n${attachment.text}\n${fence}`.trim();
}

/** A sent message split back into what was typed and the attached file (name and text), if any. */
export function splitAttachment(message: string): { text: string; attachment: Attachment | null } {
  const marker = sentPrefix('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^([\\s\\S]*?)\\n*${marker}(.+)\\n\\n(\`{3,})\\n([\\s\\S]*)\\n\\3$`).exec(message);
  if (!m) return { text: message, attachment: null };
  return { text: m[1]!.trimEnd(), attachment: { name: m[2]!, text: m[4]! } };
}
