import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { useT } from '../lib/i18n';
import { useThemeMode } from '../theme/ThemeModeProvider';

/** The light/dark switch as an icon button (the landing page's top bar). */
export function ThemeToggleButton() {
  const { mode, toggle } = useThemeMode();
  const t = useT();
  const label = mode === 'dark' ? t('shell.theme.switchToLight') : t('shell.theme.switchToDark');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label}>
        {mode === 'dark' ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}
