import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { strings } from '../lib/strings';
import { useThemeMode } from '../theme/ThemeModeProvider';

/** The light/dark switch as an icon button (the landing page's top bar). */
export function ThemeToggleButton() {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? strings.theme.switchToLight : strings.theme.switchToDark;
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label}>
        {mode === 'dark' ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}
