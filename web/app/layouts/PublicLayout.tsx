import { Suspense } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { Logo } from '../../components/Logo';
import { SkipLink } from '../../components/SkipLink';
import { ThemeToggleButton } from '../../components/ThemeToggle';
import { useMe } from '../../lib/session/getMe';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** The layout of the public pages (landing, privacy policy, not found). */
export function PublicLayout() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', overflowX: 'clip' }}>
      <SkipLink />
      <AppBar position="static" color="default" elevation={0} sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
          <Box
            component={RouterLink}
            to={paths.landing.to()}
            aria-label={t('landing.homeLink')}
            sx={{ color: 'primary.main', textDecoration: 'none', display: 'inline-flex', borderRadius: 1, px: 0.5 }}
          >
            <Logo />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {me ? (
            <Button component={RouterLink} to={paths.home.to('DocBot')} variant="contained">
              {t('landing.openApp')}
            </Button>
          ) : (
            pathname !== paths.landing.to() && (
              <Button component={RouterLink} to={paths.landing.to()} variant="outlined">
                {t('landing.goToSignIn')}
              </Button>
            )
          )}
          <ThemeToggleButton />
        </Toolbar>
      </AppBar>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}>
        <Container sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            {t('landing.footer')}
          </Typography>
          <Link component={RouterLink} to={paths.privacyPolicy.to()} variant="body2">
            {t('landing.privacyLink')}
          </Link>
        </Container>
      </Box>
    </Box>
  );
}
