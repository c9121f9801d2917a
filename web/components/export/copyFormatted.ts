/**
 * Copies rendered content as formatted text (HTML for word processors and e-mail, plain text for
 * everything else). Falls back to plain text where ClipboardItem is missing.
 */
export async function copyFormatted(element: HTMLElement | null, plain: string): Promise<void> {
  const html = element?.innerHTML ?? '';
  if (html && typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const item = new ClipboardItem({
      'text/html': new Blob([`<meta charset="utf-8">${html}`], { type: 'text/html' }),
      'text/plain': new Blob([plain], { type: 'text/plain' }),
    });
    await navigator.clipboard.write([item]);
    return;
  }
  await navigator.clipboard.writeText(plain);
}
