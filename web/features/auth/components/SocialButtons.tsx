import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountRole } from '../../../../contract/account';
import { useT } from '../../../lib/i18n';
import { useAuthOptions } from '../api/getAuthOptions';
import { useSignInSocial, type SocialProvider } from '../api/signInSocial';

/** Google and Microsoft buttons, each shown only when the installation has it configured. */
export function SocialButtons({ role, onError }: { role?: AccountRole; onError: (err: unknown) => void }) {
  const { data } = useAuthOptions();
  const social = useSignInSocial();
  const t = useT();
  if (!data || (!data.google && !data.microsoft)) return null;
  const start = (provider: SocialProvider) => social.mutate({ provider, role }, { onError });
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Divider>
        <Typography variant="body2" color="text.secondary">
          {t('auth.orContinueWith')}
        </Typography>
      </Divider>
      {data.google && (
        <Button variant="outlined" onClick={() => start('google')} disabled={social.isPending}>
          {t('auth.google')}
        </Button>
      )}
      {data.microsoft && (
        <Button variant="outlined" onClick={() => start('microsoft')} disabled={social.isPending}>
          {t('auth.microsoft')}
        </Button>
      )}
      {!role && (
        <Typography variant="caption" color="text.secondary">
          {t('auth.socialRoleHint')}
        </Typography>
      )}
    </Stack>
  );
}
