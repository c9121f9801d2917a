import 'katex/dist/katex.min.css';
import { memo, type ComponentProps } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { useT } from '../../lib/i18n';
import { isExternal, isOwnImage, safeHref, sanitizeSchema, transformUrl } from './safety';
import { markdownSx } from './markdownSx';

/** Between a link's words and its hidden note (a separator, not a word). */
const space = ' ';

function SafeLink({ href, children }: ComponentProps<'a'>) {
  const t = useT();
  const target = safeHref(href);
  if (!target) return <span>{children}</span>;
  if (!isExternal(target)) return <Link href={target}>{children}</Link>;
  return (
    <Link href={target} target="_blank" rel="noopener noreferrer">
      {children}
      <Box component="span" sx={visuallyHidden}>
        {space}
        {t('markdown.opensInNewTab')}
      </Box>
    </Link>
  );
}

/** Images from other sites are never loaded: they become a link with their alt text. */
function SafeImage({ src, alt }: ComponentProps<'img'>) {
  const t = useT();
  const source = typeof src === 'string' ? src : '';
  if (isOwnImage(source))
    return <Box component="img" src={source} alt={alt ?? ''} loading="lazy" sx={{ maxWidth: '100%', height: 'auto', borderRadius: 1 }} />;
  const href = safeHref(source);
  const shown = alt?.trim() || '';
  const label = shown ? t('markdown.externalImage', { alt: shown }) : t('markdown.externalImageNoAlt');
  if (!href) return <span>{label}</span>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </Link>
  );
}

/** Wide tables scroll sideways in their own keyboard-reachable box instead of widening the page. */
function ScrollingTable(props: ComponentProps<'table'>) {
  const t = useT();
  return (
    <Box className="md-table" role="region" aria-label={t('markdown.table')} tabIndex={0}>
      <table>{props.children}</table>
    </Box>
  );
}

const components: Components = { a: SafeLink, img: SafeImage, table: ScrollingTable };
const remarkPlugins = [remarkGfm, remarkMath];
// Sanitise first (no raw HTML, scripts, handlers or odd protocols), then typeset the math it let through.
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [
  [rehypeSanitize, sanitizeSchema],
  [rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false }],
];

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Model output as Markdown (GFM tables, math), with raw HTML skipped and everything sanitised. */
function MarkdownRenderer({ text }: { text: string }) {
  return (
    <Box sx={markdownSx}>
      <ReactMarkdown
        skipHtml
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        urlTransform={transformUrl}
      >
        {text}
      </ReactMarkdown>
    </Box>
  );
}

export default memo(MarkdownRenderer);
