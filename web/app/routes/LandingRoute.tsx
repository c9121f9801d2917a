import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useEnterAppAfterConfirmation } from '../../features/auth/components/EmailConfirmed';
import { SignInPanel } from '../../features/auth/components/SignInPanel';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { LandingHero, LandingPoints } from '../../features/landing/components/LandingIntro';
import { useMe } from '../../lib/session/getMe';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';

/** The landing page (/): what ClassBots does, and the sign-in panel or a way into the app. */
export default function LandingRoute() {
  const { data: me } = useMe();
  const t = useT();
  // From a confirmation link that signed the user in: on into the app, not the landing page.
  const entering = useEnterAppAfterConfirmation(Boolean(me));
  if (entering) return <LoadingOverlay />;
  return (
    <Container sx={{ py: { xs: 3, md: 6 } }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.3fr) minmax(0, 1fr)' },
          gap: { xs: 3, md: 6 },
          alignItems: 'start',
          mb: { xs: 4, md: 6 },
        }}
      >
        <LandingHero />
        {me ? (
          <Paper component="section" aria-label={t('landing.openApp')} variant="outlined" sx={{ p: 3 }}>
            <Typography sx={{ mb: 2 }}>{t('landing.signedInAs', { name: me.name })}</Typography>
            <Button component={RouterLink} to={paths.home.to('DocBot')} variant="contained" size="large">
              {t('landing.openApp')}
            </Button>
          </Paper>
        ) : (
          <SignInPanel />
        )}
      </Box>
      <LandingPoints />
    </Container>
  );
}
