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
import { superStrings } from './strings';

const s = superStrings.overview;

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
  const totals = useQuery(totalsQuery());
  if (totals.isPending) return <Loading label={s.loading} />;
  if (totals.isError) return <LoadError what="totals" onRetry={() => void totals.refetch()} />;
  const t = totals.data;
  const tokens = (p: { inputTokens: number; outputTokens: number }) => formatCount(p.inputTokens + p.outputTokens);
  return (
    <Box data-testid="superdash-overview">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', mb: 3 }}>
        <Stat label={s.teachers} value={formatCount(t.users.teachers)} />
        <Stat label={s.students} value={formatCount(t.users.students)} note={`${formatCount(t.users.unverified)} ${s.unverified}`} />
        <Stat label={s.schools} value={formatCount(t.schools)} />
        <Stat label={s.bots} value={formatCount(t.bots)} />
        <Stat label={s.runs} value={formatCount(t.docBotRuns)} />
        <Stat label={s.conversations} value={formatCount(t.conversations)} />
        <Stat label={s.generationsMonth} value={formatCount(t.usage.thisMonth.generations)} />
        <Stat label={s.generationsAll} value={formatCount(t.usage.allTime.generations)} />
        <Stat label={s.tokensMonth} value={tokens(t.usage.thisMonth)} />
        <Stat label={s.tokensAll} value={tokens(t.usage.allTime)} />
        <Stat label={s.imagesMonth} value={formatCount(t.usage.thisMonth.images)} />
        <Stat label={s.imagesAll} value={formatCount(t.usage.allTime.images)} />
        <Stat label={s.storage} value={formatBytes(t.storageBytes)} />
      </Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {s.perSchool}
      </Typography>
      {t.perSchool.length === 0 ? (
        <Typography color="text.secondary">{s.noSchools}</Typography>
      ) : (
        <ScrollTable label={s.tableLabel}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{s.cols.name}</TableCell>
                <TableCell>{s.cols.domains}</TableCell>
                <TableCell>{s.cols.expiration}</TableCell>
                <TableCell align="right">{s.cols.onList}</TableCell>
                <TableCell align="right">{s.cols.signedUp}</TableCell>
                <TableCell align="right">{s.cols.students}</TableCell>
                <TableCell align="right">{s.cols.generations}</TableCell>
                <TableCell align="right">{s.cols.storage}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {t.perSchool.map((row) => (
                <TableRow key={row.id}>
                  <TableCell component="th" scope="row">
                    {row.name}
                  </TableCell>
                  <TableCell>{row.domains.join(', ')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.expiration ?? s.noEnd}</TableCell>
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
