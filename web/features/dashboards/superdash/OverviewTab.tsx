import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { totalsQuery } from './api/getTotals';
import { formatBytes, formatCount, LoadError, Loading, ScrollTable } from './common';
import { useT } from '../../../lib/i18n';
import { calendarDay } from '../../../lib/format';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** The installation's totals and the per-school table. */
export function OverviewTab() {
  const t = useT();
  const totals = useQuery(totalsQuery());
  if (totals.isPending) return <Loading label={t('dashboards.super.overview.loading')} />;
  if (totals.isError) return <LoadError what={t('dashboards.super.overview.what')} onRetry={() => void totals.refetch()} />;
  const data = totals.data;
  const tokens = (p: { inputTokens: number; outputTokens: number }) => formatCount(p.inputTokens + p.outputTokens);
  const besides = (p: { checkTokens: number; failedTokens: number }) =>
    t('dashboards.super.overview.tokensBesides', { checks: formatCount(p.checkTokens), failed: formatCount(p.failedTokens) });
  return (
    <Box data-testid="superdash-overview">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', mb: 3 }}>
        <Stat label={t('dashboards.super.overview.teachers')} value={formatCount(data.users.teachers)} />
        <Stat
          label={t('dashboards.super.overview.students')}
          value={formatCount(data.users.students)}
          note={`${formatCount(data.users.unverified)} ${t('dashboards.super.overview.unverified')}`}
        />
        <Stat label={t('dashboards.super.overview.schools')} value={formatCount(data.schools)} />
        <Stat label={t('dashboards.super.overview.bots')} value={formatCount(data.bots)} />
        <Stat label={t('dashboards.super.overview.runs')} value={formatCount(data.docBotRuns)} />
        <Stat label={t('dashboards.super.overview.conversations')} value={formatCount(data.conversations)} />
        <Stat label={t('dashboards.super.overview.generationsMonth')} value={formatCount(data.usage.thisMonth.generations)} />
        <Stat label={t('dashboards.super.overview.generationsAll')} value={formatCount(data.usage.allTime.generations)} />
        <Stat
          label={t('dashboards.super.overview.tokensMonth')}
          value={tokens(data.usage.thisMonth)}
          note={besides(data.usage.thisMonth)}
        />
        <Stat label={t('dashboards.super.overview.tokensAll')} value={tokens(data.usage.allTime)} note={besides(data.usage.allTime)} />
        <Stat label={t('dashboards.super.overview.imagesMonth')} value={formatCount(data.usage.thisMonth.images)} />
        <Stat label={t('dashboards.super.overview.imagesAll')} value={formatCount(data.usage.allTime.images)} />
        <Stat label={t('dashboards.super.overview.storage')} value={formatBytes(data.storageBytes)} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('dashboards.super.overview.counts')}
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('dashboards.super.overview.perSchool')}
      </Typography>
      {data.perSchool.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.super.overview.noSchools')}</Typography>
      ) : (
        <ScrollTable label={t('dashboards.super.overview.tableLabel')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboards.super.overview.cols.name')}</TableCell>
                <TableCell>{t('dashboards.super.overview.cols.domains')}</TableCell>
                <TableCell>{t('dashboards.super.overview.cols.expiration')}</TableCell>
                <TableCell align="right">{t('dashboards.super.overview.cols.onList')}</TableCell>
                <TableCell align="right">{t('dashboards.super.overview.cols.signedUp')}</TableCell>
                <TableCell align="right">{t('dashboards.super.overview.cols.students')}</TableCell>
                <TableCell align="right">{t('dashboards.super.overview.cols.generations')}</TableCell>
                <TableCell align="right">{t('dashboards.super.overview.cols.storage')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.perSchool.map((row) => (
                <TableRow key={row.id}>
                  <TableCell component="th" scope="row">
                    {row.name}
                  </TableCell>
                  <TableCell>{row.domains.join(', ')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.expiration ? calendarDay(row.expiration) : t('dashboards.super.overview.noEnd')}
                  </TableCell>
                  <TableCell align="right">{formatCount(row.teachersOnList)}</TableCell>
                  <TableCell align="right">{formatCount(row.signedUpTeachers)}</TableCell>
                  <TableCell align="right">{formatCount(row.students)}</TableCell>
                  <TableCell align="right">{formatCount(row.generationsThisMonth)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(row.storageBytes)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollTable>
      )}
    </Box>
  );
}
