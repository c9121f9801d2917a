import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useLanguage } from '../lib/i18n';
import { storedThemeMode, type ThemeMode } from '../lib/storage';
import { DirectionCache } from './DirectionCache';
import { createAppTheme } from './theme';

interface ThemeModeValue {
  mode: ThemeMode;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/** Light or dark, dark at first start, the choice kept in this browser; laid out in the locale's direction. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(() => storedThemeMode.get());
  const { dir } = useLanguage();
  const theme = useMemo(() => createAppTheme(mode, dir), [mode, dir]);
  const value = useMemo<ThemeModeValue>(
    () => ({
      mode,
      toggle: () =>
        setMode((m) => {
          const next = m === 'dark' ? 'light' : 'dark';
          storedThemeMode.set(next);
          return next;
        }),
    }),
    [mode],
  );
  return (
    <ThemeModeContext value={value}>
      <DirectionCache dir={dir}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          {children}
        </ThemeProvider>
      </DirectionCache>
    </ThemeModeContext>
  );
}

/** The current theme mode and its toggle. */
export function useThemeMode(): ThemeModeValue {
  const value = use(ThemeModeContext);
  if (!value) throw new Error('useThemeMode is used outside ThemeModeProvider');
  return value;
}
