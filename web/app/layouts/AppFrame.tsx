import { Suspense, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { SkipLink } from '../../components/SkipLink';
import { EmailConfirmedNotice } from '../../features/auth/components/EmailConfirmed';
import { useT } from '../../lib/i18n';
import { layout } from '../../theme/theme';
import { DrawerExpandedContext } from './drawerContext';

export interface AppFrameProps {
  topBar: (menu: { open: boolean; toggle: () => void }) => ReactNode;
  /** The drawer's content; it reads whether it is expanded or a rail from DrawerExpandedContext. */
  drawer: ReactNode;
  /** Notices above the page content (subscription error, school student hint). */
  notices?: ReactNode;
}

/**
 * Top bar, drawer and the `main` landmark. Wide screens (900 px and up): a permanent drawer, open
 * (256 px) by default, closing to a 56 px rail. Narrower: a temporary drawer, closed by default,
 * opened by the menu button or an edge swipe, closed again on every route change.
 */
export function AppFrame({ topBar, drawer, notices }: AppFrameProps) {
  const t = useT();
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (mobileOpen) setMobileOpen(false);
  }

  const open = isMobile ? mobileOpen : desktopOpen;
  const toggle = () => (isMobile ? setMobileOpen((o) => !o) : setDesktopOpen((o) => !o));
  const width = open ? layout.drawerWidth : layout.railWidth;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', width: '100%', overflowX: 'clip' }}>
      <SkipLink />
      <EmailConfirmedNotice />
      {topBar({ open, toggle })}
      {isMobile ? (
        <SwipeableDrawer
          id="app-drawer"
          variant="temporary"
          open={mobileOpen}
          onOpen={() => setMobileOpen(true)}
          onClose={() => setMobileOpen(false)}
          swipeAreaWidth={layout.swipeAreaWidth}
          minFlingVelocity={layout.swipeVelocity}
          slotProps={{ paper: { 'aria-label': t('shell.drawer.navigation'), sx: { width: layout.drawerWidth, maxWidth: '85vw' } } }}
        >
          <DrawerExpandedContext value={true}>{drawer}</DrawerExpandedContext>
        </SwipeableDrawer>
      ) : (
        <Drawer
          id="app-drawer"
          variant="permanent"
          open={desktopOpen}
          sx={{ width, flexShrink: 0, transition: theme.transitions.create('width') }}
          slotProps={{
            paper: {
              sx: {
                width,
                overflowX: 'hidden',
                transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
              },
            },
          }}
        >
          <Toolbar />
          <DrawerExpandedContext value={desktopOpen}>{drawer}</DrawerExpandedContext>
        </Drawer>
      )}
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}>
        <Toolbar />
        {notices}
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

/** A notice above the page: the subscription error message, the school student hint. */
export function FrameNotice({ severity, children }: { severity: 'error' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <Alert severity={severity} sx={{ mb: 2 }}>
      {children}
    </Alert>
  );
}
