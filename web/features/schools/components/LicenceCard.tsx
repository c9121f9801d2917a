import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LicenceSummary } from '../../../../contract/teacher-lists';
import { shortDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** The licence: name, domains, admins, its end, and from 30 days before (and after) the end, the notice. */
export function LicenceCard({ licence }: { licence: LicenceSummary }) {
  const t = useT();
  const day = licence.expiration ? shortDate(`${licence.expiration}T12:00:00`) : '';
  const ending = licence.expired
    ? t('schools.licence.expired', { day })
    : t('schools.licence.endsSoon', { day, left: licence.daysLeft ?? 0 });
  const renew = licence.supportEmail ? t('schools.licence.contact', { email: licence.supportEmail }) : t('schools.licence.contactNone');
  const notice = `${ending} ${renew}`;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, minWidth: 0 }} component="section" aria-label={licence.name}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        {licence.logoUrl && <Avatar src={licence.logoUrl} alt="" variant="rounded" />}
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {licence.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('schools.licence.domains', { domains: licence.domains.map((d) => `@${d}`).join(', ') })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {licence.admins.length ? t('schools.licence.admins', { admins: licence.admins.join(', ') }) : t('schools.licence.noAdmins')}
          </Typography>
          {!licence.expiresSoon && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="licence-end">
              {licence.daysLeft === null
                ? t('schools.licence.noEnd')
                : licence.daysLeft === 0
                  ? t('schools.licence.endsToday', { day })
                  : t('schools.licence.ends', { day, left: licence.daysLeft })}
            </Typography>
          )}
        </Stack>
      </Stack>
      {licence.expiresSoon && licence.daysLeft !== null && (
        <Alert severity={licence.expired ? 'error' : 'warning'} sx={{ mt: 2 }} data-testid="licence-notice">
          {notice}
        </Alert>
      )}
    </Paper>
  );
}
