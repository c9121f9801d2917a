import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { currentFormattingLocale, translate, useT } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/format';

/** A table that scrolls sideways inside its own box (never the page) and can be scrolled by keyboard. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label} sx={{ maxWidth: '100%' }}>
      {children}
    </TableContainer>
  );
}

/** One fact of a card, as a term and its value of the card's `dl`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      }
    >
      {t('dashboards.super.loadFailed', { what })}
    </Alert>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function MoreButton({ hasMore, loading, onClick }: { hasMore: boolean; loading: boolean; onClick: () => void }) {
  const t = useT();
  if (!hasMore) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Button variant="outlined" onClick={onClick} disabled={loading}>
        {loading ? t('dashboards.super.loadingMore') : t('dashboards.super.loadMore')}
      </Button>
    </Box>
  );
}

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB" ("1,5 KB" in Spanish: the number by the locale's marks; the units are the same in both). */
export function formatBytes(n: number): string {
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 || v >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(currentFormattingLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return i === 0 ? translate('format.bytes', { number: number.format(v) }) : `${number.format(v)} ${units[i]}`;
}

export const formatCount = (n: number) => formatNumber(n);

/** Today (UTC) plus `months`, as YYYY-MM-DD. */
export function monthsFromToday(months: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}
