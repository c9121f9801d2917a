import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Plan } from '../../../../contract/billing';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';
import { formatBytes, formatCount, formatDate } from './format';

function Meter({
  id,
  label,
  used,
  limit,
  format,
}: {
  id: string;
  label: string;
  used: number;
  limit: number;
  format: (n: number) => string;
}) {
  const t = useT();
  const numbers = t('subscription.usageOf', { used: format(used), limit: format(limit) });
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  const full = used >= limit;
  return (
    <Box data-testid={`usage-${id}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" id={`usage-${id}-label`} sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid={`usage-${id}-numbers`}>
          {numbers}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share}
        color={full ? 'warning' : 'primary'}
        aria-labelledby={`usage-${id}-label`}
        aria-valuetext={numbers}
        sx={{ mt: 0.75, height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** This month's AI text generations and images, and the storage in use, against the plan's limits. */
export function UsageCard({ usage }: { usage: Plan['usage'] }) {
  const t = useT();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="usage-heading" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="usage-heading" gutterBottom>
        {t('subscription.usageHeading')}
      </Typography>
      <Stack spacing={2}>
        <Meter id="text" label={t('subscription.usageText')} used={usage.text.used} limit={usage.text.limit} format={formatCount} />
        <Meter id="images" label={t('subscription.usageImages')} used={usage.images.used} limit={usage.images.limit} format={formatCount} />
        <Meter
          id="storage"
          label={t('subscription.usageStorage')}
          used={usage.storage.used}
          limit={usage.storage.limit}
          format={formatBytes}
        />
        <Link component={RouterLink} to={paths.myFiles.to()} variant="body2" sx={{ alignSelf: 'flex-start', mt: '4px !important' }}>
          {t('common.freeUpSpace')}
        </Link>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }} data-testid="usage-resets">
        {t('subscription.usageResets', { date: formatDate(usage.resetsAt, true) })}
      </Typography>
    </Paper>
  );
}
