import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LicenceSummary } from '../../../../contract/teacher-lists';
import { shortDate } from '../../../lib/format';
import { teacherListStrings as s } from '../strings';

/** The licence: name, domains, admins, its end, and from 30 days before (and after) the end, the notice. */
export function LicenceCard({ licence }: { licence: LicenceSummary }) {
  const day = licence.expiration ? shortDate(`${licence.expiration}T12:00:00`) : '';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, minWidth: 0 }} component="section" aria-label={licence.name}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        {licence.logoUrl && <Avatar src={licence.logoUrl} alt="" variant="rounded" />}
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {licence.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {s.licence.domains(licence.domains)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {s.licence.admins(licence.admins)}
          </Typography>
          {!licence.expiresSoon && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="licence-end">
              {licence.daysLeft === null ? s.licence.noEnd : s.licence.ends(day, licence.daysLeft)}
            </Typography>
          )}
        </Stack>
      </Stack>
      {licence.expiresSoon && licence.daysLeft !== null && (
        <Alert severity={licence.expired ? 'error' : 'warning'} sx={{ mt: 2 }} data-testid="licence-notice">
          {licence.expired ? s.licence.expired(day) : s.licence.endsSoon(day, licence.daysLeft)} {s.licence.contact(licence.supportEmail)}
        </Alert>
      )}
    </Paper>
  );
}
