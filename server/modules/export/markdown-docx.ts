import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';

/**
 * Markdown (GFM tables, math) to a Word document: headings, bullet and numbered lists, tables
 * with a header row, bold, italic, strike, inline code, links, images the caller resolves (in
 * their place, scaled to fit the page), and math as Word equations ($...$ inline, $$...$$ in a
 * paragraph of its own); LaTeX that does not convert stays as its source in a monospace run.
 */

/** Loads an image the document links to; null leaves its alt text (someone else's file, not an image). */
export type ImageLoader = (url: string) => Promise<Buffer | null>;

export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm(), math()], mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()] });
}

/** The DOCX bytes of a Markdown document; the title goes into the file's properties. */
export async function markdownToDocx(markdown: string, options: { title: string; loadImage: ImageLoader }): Promise<Buffer> {
  // The writer and its packages load on the first export (docx-render.ts).
  const { renderDocx } = await import('./docx-render');
  return renderDocx(markdown, options);
}

/**
 * The download's name in UTF-8 (Content-Disposition's filename*): the name's own letters in any
 * script, without what a file system refuses (control characters, < > : " / \ | ? *), no leading or
 * trailing dots and spaces, at most 80 characters, never empty; with `.docx`.
 */
export function docxUnicodeFileName(name: string): string {
  const base = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .replace(/^[.\s]+|[.\s]+$/g, '');
  // Windows' reserved device names are not file names, whatever follows the dot.
  return `${!base || /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(base) ? 'document' : base}.docx`;
}

/** A file name for the download: the title's letters, digits, spaces and dashes, never empty. */
export function docxFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || 'document'}.docx`;
}
