import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../lib/i18n';
import { Logo } from '../../components/Logo';
import { paths } from '../../lib/paths';

/** The school's logo, shown when the licence has one (no API carries it yet). */
export interface SchoolLogo {
  url: string;
  schoolName: string;
}

export interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** The yellow 'Get Premium' button (non-premium teachers only). */
  showGetPremium: boolean;
  schoolLogo: SchoolLogo | null;
  /** A title beside the logo, such as the tutor's name in a tutor run. */
  title?: string;
  account: ReactNode;
}

/** The top bar shared by the teacher and student layouts. */
export function TopBar({ menuOpen, onToggleMenu, showGetPremium, schoolLogo, title, account }: TopBarProps) {
  const t = useT();
  return (
    <AppBar
      position="fixed"
      color="default"
      elevation={1}
      // Wide screens: above the permanent drawer, which sits below it. Narrow: level with the
      // temporary drawer, whose portal comes later in the page and so opens over it, and above the
      // drawer's edge-swipe strip (drawer - 1), which would otherwise cover the menu button.
      sx={(t) => ({ zIndex: { xs: t.zIndex.drawer, md: t.zIndex.drawer + 1 }, bgcolor: 'background.paper' })}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          color="inherit"
          onClick={onToggleMenu}
          aria-label={menuOpen ? t('shell.topBar.closeMenu') : t('shell.topBar.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="app-drawer"
        >
          {menuOpen ? <MenuOpen /> : <MenuIcon />}
        </IconButton>
        <Box
          component={RouterLink}
          to={paths.home.to('DocBot')}
          aria-label={t('shell.topBar.home')}
          sx={{ color: 'primary.main', textDecoration: 'none', display: 'inline-flex', alignItems: 'center', borderRadius: 1, px: 0.5 }}
        >
          <Logo compact />
        </Box>
        {schoolLogo && (
          <Box
            component="img"
            src={schoolLogo.url}
            alt={t('shell.topBar.schoolLogo', { school: schoolLogo.schoolName })}
            sx={{ height: 36, maxWidth: 96, objectFit: 'contain', ml: 1, display: { xs: 'none', sm: 'block' } }}
          />
        )}
        {title && (
          <Typography component="p" noWrap sx={{ ml: 1, minWidth: 0, fontWeight: 500 }}>
            {title}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {showGetPremium && (
          <Button
            component={RouterLink}
            to={paths.mySubscription.to()}
            variant="contained"
            size="small"
            sx={{
              bgcolor: '#ffd600',
              color: '#000',
              whiteSpace: 'nowrap',
              '&:hover': { bgcolor: '#ffea00' },
            }}
          >
            {t('shell.topBar.getPremium')}
          </Button>
        )}
        {account}
      </Toolbar>
    </AppBar>
  );
}
