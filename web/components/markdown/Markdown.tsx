import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';

// The parser, sanitiser and KaTeX are the heaviest part of the app: loaded on first use only.
const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

/** Starts loading the Markdown chunk ahead of the first reply. */
export const preloadMarkdown = () => void import('./MarkdownRenderer').catch(() => undefined);

/**
 * Model output shown as sanitised Markdown (tables, math). Until the renderer's chunk arrives the
 * text holds its place unseen (marked busy), so no one reads raw `**` and `$` for a moment (a
 * reloaded ChatBot); it is never shown as HTML.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <Box data-markdown-pending aria-busy="true" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', visibility: 'hidden' }}>
          {text}
        </Box>
      }
    >
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
