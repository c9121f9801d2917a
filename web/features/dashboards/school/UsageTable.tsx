import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import SwipeLeftOutlined from '@mui/icons-material/SwipeLeftOutlined';
import type { DashboardTable } from '../../../../contract/school-dashboard';
import { exportUrl, type PeriodDates } from './api/getSchoolDashboard';
import { useT } from '../../../lib/i18n';

/** Downloads one table as CSV: a link to the server's file (its name says the table and the dates). */
export function ExportButton({ table, period }: { table: DashboardTable; period: PeriodDates }) {
  const t = useT();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      href={exportUrl(table, period)}
      download
      aria-label={t(`dashboards.school.exportLabel.${table}`)}
      data-testid={`export-${table}`}
    >
      {t('dashboards.school.export')}
    </Button>
  );
}

export interface Column<T> {
  label: string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

/** Whether an element is wider inside than its frame (it scrolls sideways), kept up to date as either resizes. */
function useScrollsSideways<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/**
 * One of the dashboard's tables, with its CSV export. When the server sent only the busiest rows
 * (`total` is more than `rows`), a line under the help says how many of how many, and that the CSV
 * has them all. At narrow widths the table scrolls inside its
 * own frame (the first column stays put), never the page; a line above it says so, and a fade at
 * the frame's right edge shows there is more.
 */
export function UsageTable<T>({
  table,
  period,
  rows,
  total,
  columns,
  rowKey,
}: {
  table: Exclude<DashboardTable, 'daily'>;
  period: PeriodDates;
  rows: T[];
  /** How many rows the table has in all. */
  total: number;
  columns: Column<T>[];
  rowKey: (row: T) => string;
}) {
  const t = useT();
  const titleId = `table-${table}`;
  const hintId = `table-${table}-scroll-hint`;
  const [frame, scrolls] = useScrollsSideways<HTMLDivElement>();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="h6" component="h2" id={titleId}>
          {t(`dashboards.school.tables.${table}`)}
        </Typography>
        <ExportButton table={table} period={period} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`dashboards.school.tableHelp.${table}`)}
      </Typography>
      {total > rows.length && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid={`table-${table}-cut`}>
          {t('dashboards.school.tableCut', { shown: rows.length, total })}
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography sx={{ py: 2 }}>{t('dashboards.school.noUsage')}</Typography>
      ) : (
        <>
          {scrolls && (
            <Typography
              id={hintId}
              variant="caption"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}
              data-testid={`scroll-hint-${table}`}
            >
              <SwipeLeftOutlined fontSize="inherit" aria-hidden />
              {t('dashboards.school.scrollHint')}
            </Typography>
          )}
          <Box
            sx={{
              position: 'relative',
              // The fade at the right edge: more columns are there.
              '&::after': scrolls
                ? {
                    content: '""',
                    position: 'absolute',
                    top: 0,
                    right: 0,
                    bottom: 0,
                    width: 24,
                    pointerEvents: 'none',
                    background: (theme) => `linear-gradient(to right, transparent, ${theme.palette.background.paper})`,
                  }
                : undefined,
            }}
          >
            <TableContainer
              ref={frame}
              sx={{ overflowX: 'auto', maxHeight: 480 }}
              tabIndex={0}
              aria-labelledby={titleId}
              aria-describedby={scrolls ? hintId : undefined}
              data-testid={`table-${table}`}
            >
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    {columns.map((c, i) => (
                      <TableCell
                        key={c.label}
                        align={c.numeric ? 'right' : 'left'}
                        // Every header cell keeps the sticky header's own shade; the first one also stays put sideways.
                        sx={i === 0 ? { left: 0, zIndex: 3, whiteSpace: 'nowrap' } : { whiteSpace: 'nowrap' }}
                      >
                        {c.label}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={rowKey(row)}>
                      {columns.map((c, i) => (
                        <TableCell
                          key={c.label}
                          align={c.numeric ? 'right' : 'left'}
                          sx={
                            i === 0
                              ? {
                                  position: 'sticky',
                                  left: 0,
                                  zIndex: 1,
                                  bgcolor: 'background.paper',
                                  minWidth: 140,
                                  maxWidth: 220,
                                  overflowWrap: 'anywhere',
                                }
                              : undefined
                          }
                        >
                          {c.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        </>
      )}
    </Paper>
  );
}

/** A name with a second line in smaller type (an e-mail, an owner). */
export function TwoLines({ primary, secondary }: { primary: string; secondary?: string | null }) {
  return (
    <Box>
      <Typography variant="body2">{primary}</Typography>
      {secondary && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {secondary}
        </Typography>
      )}
    </Box>
  );
}
