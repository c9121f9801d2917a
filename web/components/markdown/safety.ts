import { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * The rules that keep model output inert (docs/product/safety.md#model-output-is-inert). Pure
 * functions, so they are unit-tested without a browser.
 */

/** Same-origin paths whose images may be shown inline: the app's own files and generated images. */
const ownImagePath = /^\/api\/(files|images)\/[A-Za-z0-9._~-]+(?:\?[A-Za-z0-9=&._~-]*)?$/;

/** A link target we follow: http(s) or mailto, or an in-page anchor (footnotes). Anything else is dropped. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (trimmed.startsWith('#')) return trimmed;
  if (ownImagePath.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
}

/** Whether an image may be loaded: only our own /api/files/... or /api/images/... paths, never another site. */
export function isOwnImage(src: string | null | undefined): boolean {
  return typeof src === 'string' && ownImagePath.test(src.trim());
}

/** Whether a link leaves the app (opened in a new tab, without referrer or opener). */
export const isExternal = (href: string) => !href.startsWith('#') && !href.startsWith('/');

/**
 * rehype-sanitize's GitHub-like defaults (no raw HTML, no event handlers, no style, http(s) and
 * mailto links), plus the class names remark-math gives math so rehype-katex, which runs after
 * sanitising, still finds it.
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
};

/** react-markdown's URL filter: keeps only what safeHref allows (src of own images included). */
export function transformUrl(url: string): string {
  return safeHref(url) ?? '';
}
