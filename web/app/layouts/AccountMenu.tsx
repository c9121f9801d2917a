import { useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import { Link as RouterLink } from 'react-router';
import { initialsOf } from '../../lib/display';
import { useAccountLanguage, useSaveLanguage } from '../../lib/session/saveLanguage';
import {
  isPseudoLocale,
  languageNames,
  languages,
  pseudoLocales,
  pseudoLocalesEnabled,
  useLanguage,
  useT,
  type AppLocale,
} from '../../lib/i18n';
import { layout } from '../../theme/theme';

export interface AccountMenuProps {
  name: string;
  email: string;
  /** 'Switch to Student/Teacher Account', or null when it does not apply. */
  switchTo: { label: string; to: string } | null;
  onLogout: () => void;
}

/** The locales the picker offers: the languages by their own names, and in development the pseudo-locales. */
const pickable: { locale: AppLocale; label: string }[] = [
  ...languages.map((l) => ({ locale: l, label: languageNames[l] })),
  ...(pseudoLocalesEnabled ? pseudoLocales.map((p) => ({ locale: p, label: p })) : []),
];

/** The avatar with its tooltip, and the account menu it opens (switch role, language, log out). */
export function AccountMenu({ name, email, switchTo, onLogout }: AccountMenuProps) {
  const t = useT();
  const { locale, setLanguage } = useLanguage();
  const saveLanguage = useSaveLanguage();
  useAccountLanguage();
  const languageHeading = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip
        title={
          <>
            <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {name}
            </Box>
            <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {email}
            </Box>
          </>
        }
        enterDelay={layout.tooltipDelay}
        slotProps={{ tooltip: { sx: { maxWidth: layout.tooltipMaxWidth } } }}
      >
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('shell.topBar.accountMenu', { name, initials: initialsOf(name) })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: '1rem' }}>
            {initialsOf(name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        transitionDuration={{ enter: layout.menuOpenDelay, exit: layout.menuCloseDelay }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: layout.accountMenuMinWidth, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1 }} role="none">
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {email}
          </Typography>
        </Box>
        <Divider />
        {switchTo && (
          <MenuItem component={RouterLink} to={switchTo.to} onClick={close}>
            <ListItemIcon>
              <SwapHoriz fontSize="small" />
            </ListItemIcon>
            {switchTo.label}
          </MenuItem>
        )}
        <Divider />
        <Box role="none" sx={{ px: 2, pt: 1, display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <Translate fontSize="small" aria-hidden />
          <Typography id={languageHeading} variant="body2">
            {t('shell.topBar.language')}
          </Typography>
        </Box>
        {pickable.map((option) => (
          <MenuItem
            key={option.locale}
            role="menuitemradio"
            aria-checked={option.locale === locale}
            aria-describedby={languageHeading}
            lang={option.locale}
            selected={option.locale === locale}
            onClick={() => {
              close();
              setLanguage(option.locale);
              // Remembered on the account too (a pseudo-locale only in this browser). Should the save
              // fail, the page still shows the choice and this browser keeps it.
              if (!isPseudoLocale(option.locale)) void saveLanguage(option.locale).catch(() => undefined);
            }}
          >
            <ListItemIcon>{option.locale === locale && <Check fontSize="small" />}</ListItemIcon>
            {option.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.topBar.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
