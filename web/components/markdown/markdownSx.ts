import type { SxProps, Theme } from '@mui/material/styles';

/** Reading styles for rendered Markdown, from the theme (both modes), narrow screens included. */
export const markdownSx: SxProps<Theme> = (theme) => ({
  overflowWrap: 'anywhere',
  lineHeight: 1.6,
  '& > :last-child': { mb: 0 },
  // Room above a heading only after something: a reply that opens with one starts at the top
  // (without :first-child, which emotion flags as unsafe).
  '& h1, & h2, & h3, & h4, & h5, & h6': { lineHeight: 1.25, mt: 0, mb: 1 },
  '& * + h1, & * + h2, & * + h3, & * + h4, & * + h5, & * + h6': { mt: 2.5 },
  '& h1': { fontSize: '1.6rem' },
  '& h2': { fontSize: '1.35rem' },
  '& h3': { fontSize: '1.15rem' },
  '& h4, & h5, & h6': { fontSize: '1rem' },
  '& p, & ul, & ol, & blockquote, & pre, & .md-table': { mt: 0, mb: 1.5 },
  '& ul, & ol': { pl: 3 },
  '& li + li': { mt: 0.5 },
  '& blockquote': { borderLeft: `4px solid ${theme.palette.divider}`, pl: 2, ml: 0, color: theme.palette.text.secondary },
  '& code': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '0.9em',
    bgcolor: theme.palette.action.hover,
    px: 0.5,
    borderRadius: 0.5,
  },
  '& pre': { overflowX: 'auto', p: 1.5, bgcolor: theme.palette.action.hover, borderRadius: 1 },
  '& pre code': { bgcolor: 'transparent', p: 0 },
  '& .md-table': { overflowX: 'auto', maxWidth: '100%' },
  '& .md-table:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& table': { borderCollapse: 'collapse', minWidth: '60%' },
  '& th, & td': {
    border: `1px solid ${theme.palette.divider}`,
    px: 1,
    py: 0.5,
    textAlign: 'left',
    verticalAlign: 'top',
    overflowWrap: 'normal',
  },
  '& th': { bgcolor: theme.palette.action.hover },
  '& hr': { border: 0, borderTop: `1px solid ${theme.palette.divider}`, my: 2 },
  '& .katex-display': { overflowX: 'auto', overflowY: 'hidden', py: 0.5 },
  '& input[type=checkbox]': { mr: 1 },
});
