import { imageUrl } from '../../ai';

/**
 * A generated image as Markdown, `![prompt](/api/files/<id>)`: the Markdown renderer shows it (its
 * own /api/files/ path) and the DOCX export embeds it. The prompt is the alt text, on one line, with
 * the characters that would end it early escaped.
 */
export function imageMarkdown(prompt: string, fileId: string): string {
  const alt = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, '\\$&');
  return `![${alt}](${imageUrl(fileId)})`;
}

/**
 * Puts a block (an image line) into a document as a paragraph of its own: at `at` (the edit box's
 * selection, which it replaces) or at the end. Blank lines are added around it only where missing.
 * Returns the new text and where the cursor goes (just after the block).
 */
export function insertBlock(text: string, block: string, at?: { start: number; end: number }): { text: string; caret: number } {
  const start = at ? Math.max(0, Math.min(at.start, text.length)) : text.length;
  const end = at ? Math.max(start, Math.min(at.end, text.length)) : text.length;
  const before = at ? text.slice(0, start) : text.replace(/\s+$/, '');
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const head = before + lead + block;
  return { text: head + trail + after, caret: head.length };
}
