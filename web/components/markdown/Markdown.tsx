import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';

// The parser, sanitiser and KaTeX are the heaviest part of the app: loaded on first use only.
const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

/** Starts loading the Markdown chunk ahead of the first reply. */
export const preloadMarkdown = () => void import('./MarkdownRenderer').catch(() => undefined);

/**
 * Model output shown as sanitised Markdown (tables, math). Until the renderer's chunk arrives the
 * text shows as plain text, never as HTML.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Box>}>
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
