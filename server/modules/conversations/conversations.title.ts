/** The longest title a conversation gets from its first message. */
export const TITLE_MAX = 80;

/**
 * A conversation's title from its first message, as a Saved Docs title follows its heading: the
 * text on one line, trimmed, and past TITLE_MAX cut at the last word boundary (a word longer than
 * half the title is cut where it stands) with an ellipsis.
 */
export function titleFromMessage(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_MAX) return line;
  const head = line.slice(0, TITLE_MAX);
  const space = head.lastIndexOf(' ');
  const cut = space >= TITLE_MAX / 2 ? head.slice(0, space) : head.slice(0, TITLE_MAX - 1);
  return `${cut.replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}
