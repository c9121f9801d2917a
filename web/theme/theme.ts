import { createTheme, type Theme } from '@mui/material/styles';
import { cyan, pink } from '@mui/material/colors';
import type { ThemeMode } from '../lib/storage';

declare module '@mui/material/styles' {
  interface Palette {
    /** The background of a collection (folder) in the bot library. */
    collectionBackground: string;
    /** The highlight of the selected collection. */
    selectedCollection: string;
  }
  interface PaletteOptions {
    collectionBackground?: string;
    selectedCollection?: string;
  }
}

/** The seed's layout constants (docs/product/look-and-feel.md#layout-constants). */
export const layout = {
  drawerWidth: 256,
  railWidth: 56,
  toolbarHeight: 64,
  /** Below this width the drawer is temporary (mobile). */
  mobileBreakpoint: 900,
  swipeAreaWidth: 25,
  swipeVelocity: 400,
  tooltipDelay: 500,
  tooltipMaxWidth: 240,
  accountMenuMinWidth: 240,
  menuOpenDelay: 300,
  menuCloseDelay: 250,
  overlayZIndex: 2000,
  maxTrophyIcons: 30,
} as const;

/**
 * The two named themes. Primary cyan and secondary pink, in the shades that keep text at WCAG AA
 * contrast on each background (a deep cyan between cyan 800 and 900, and pink 600, on the light greys; cyan 500 and pink 300 on dark grey).
 */
export function createAppTheme(mode: ThemeMode, direction: 'ltr' | 'rtl' = 'ltr'): Theme {
  const dark = mode === 'dark';
  return createTheme({
    direction,
    palette: {
      mode,
      contrastThreshold: 4.5,
      // In the dark theme a hovered contained button darkens to `dark` under dark text: cyan 700
      // keeps it at 4.5:1 or more (the computed default, about cyan 800, falls to 4.3:1).
      primary: dark ? { main: cyan[500], dark: cyan[700] } : { main: '#00727c' },
      secondary: { main: dark ? pink[300] : pink[600] },
      background: dark ? { default: '#121212', paper: '#1e1e1e' } : { default: '#f5f7f8', paper: '#ffffff' },
      collectionBackground: dark ? 'rgba(0, 188, 212, 0.08)' : 'rgba(0, 114, 124, 0.06)',
      selectedCollection: dark ? 'rgba(240, 98, 146, 0.24)' : 'rgba(216, 27, 96, 0.14)',
    },
    breakpoints: { values: { xs: 0, sm: 600, md: layout.mobileBreakpoint, lg: 1200, xl: 1536 } },
    mixins: { toolbar: { minHeight: layout.toolbarHeight } },
    shape: { borderRadius: 8 },
    components: {
      MuiToolbar: {
        styleOverrides: { root: { minHeight: layout.toolbarHeight, '@media (min-width: 600px)': { minHeight: layout.toolbarHeight } } },
      },
      MuiTooltip: {
        defaultProps: { enterDelay: layout.tooltipDelay, enterNextDelay: layout.tooltipDelay },
        styleOverrides: { tooltip: { maxWidth: layout.tooltipMaxWidth } },
      },
      MuiMenu: { defaultProps: { transitionDuration: { enter: layout.menuOpenDelay, exit: layout.menuCloseDelay } } },
      MuiButtonBase: { defaultProps: { disableRipple: false } },
      MuiLink: { defaultProps: { underline: 'always' } },
      // MUI's dark track is the bar's colour darkened, which reads as a full bar on dark paper: a
      // neutral grey instead (2.2:1 on the paper, the cyan bar 3.3:1 on it), so empty looks empty.
      MuiLinearProgress: { styleOverrides: { root: dark ? { backgroundColor: 'rgba(255, 255, 255, 0.24)' } : {} } },
    },
  });
}
