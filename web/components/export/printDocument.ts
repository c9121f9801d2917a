import './print.css';

const ROOT_ID = 'cb-print-root';

/**
 * Prints one element alone (Print / Save as PDF): a copy of its rendered content goes into a
 * print-only root under <body>, the print stylesheet leaves everything else out, and the copy is
 * removed after printing. `window.print()` blocks in most browsers; `afterprint` cleans up either way.
 */
export function printElement(element: HTMLElement, title: string) {
  document.getElementById(ROOT_ID)?.remove();
  const root = document.createElement('div');
  root.id = ROOT_ID;
  root.innerHTML = element.innerHTML;
  // Interactive leftovers (copy buttons inside code blocks, scroll regions) mean nothing on paper.
  root.querySelectorAll('button, [role="button"], input, textarea').forEach((n) => n.remove());
  document.body.append(root);
  document.documentElement.classList.add('cb-printing');
  const previousTitle = document.title;
  // The browser names the PDF after the page title.
  if (title.trim()) document.title = title.trim();
  const cleanUp = () => {
    document.documentElement.classList.remove('cb-printing');
    root.remove();
    document.title = previousTitle;
  };
  window.addEventListener('afterprint', cleanUp, { once: true });
  window.print();
}
