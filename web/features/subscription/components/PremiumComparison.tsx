import type { ReactNode } from 'react';
import Check from '@mui/icons-material/Check';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Plan } from '../../../../contract/billing';
import { useT } from '../../../lib/i18n';
import { formatBytes, formatCount } from './format';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

function Included({ yes }: { yes: boolean }) {
  const t = useT();
  return (
    <>
      {yes ? (
        <Check fontSize="small" color="success" aria-hidden sx={{ verticalAlign: 'middle' }} />
      ) : (
        <Remove fontSize="small" color="disabled" aria-hidden sx={{ verticalAlign: 'middle' }} />
      )}
      <Box component="span" sx={visuallyHidden}>
        {yes ? t('subscription.included') : t('subscription.notIncluded')}
      </Box>
    </>
  );
}

/** Free against Premium, from the installation's own limits; assignments and My Students are Premium's. */
export function PremiumComparison({ limits }: { limits: Plan['limits'] }) {
  const t = useT();
  const rows: { label: string; free: ReactNode; premium: ReactNode }[] = [
    { label: t('subscription.compareText'), free: formatCount(limits.free.text), premium: formatCount(limits.premium.text) },
    { label: t('subscription.compareImages'), free: formatCount(limits.free.images), premium: formatCount(limits.premium.images) },
    { label: t('subscription.compareStorage'), free: formatBytes(limits.free.storage), premium: formatBytes(limits.premium.storage) },
    { label: t('subscription.compareAssignments'), free: <Included yes={false} />, premium: <Included yes /> },
    { label: t('subscription.compareStudents'), free: <Included yes={false} />, premium: <Included yes /> },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="compare-heading" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="compare-heading" gutterBottom>
        {t('subscription.compareHeading')}
      </Typography>
      <Table
        size="small"
        aria-labelledby="compare-heading"
        data-testid="premium-comparison"
        sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('subscription.compareFeature')}</TableCell>
            <TableCell align="right">{t('subscription.compareFree')}</TableCell>
            <TableCell align="right">{t('subscription.comparePremium')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.label}>
              <TableCell component="th" scope="row">
                {r.label}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {r.free}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                {r.premium}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
