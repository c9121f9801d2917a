import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../lib/i18n';
import { useThemeMode } from '../../theme/ThemeModeProvider';
import { useDrawerExpanded } from './drawerContext';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  margin: '-1px',
} as const;

export interface NavEntry {
  label: string;
  to: string;
  icon: ReactNode;
  /** A count beside the item (the unreviewed flags), shown when above 0. */
  badge?: number;
  /** The count in words, for screen readers. */
  badgeLabel?: (n: number) => string;
}

/** The drawer's navigation landmark. */
export function DrawerNav({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Box component="nav" aria-label={t('shell.drawer.navigation')} sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
      {children}
    </Box>
  );
}

/** A titled group of links; the title is hidden on the rail, where only icons show. */
export function NavSection({ title, entries }: { title?: string; entries: NavEntry[] }) {
  const expanded = useDrawerExpanded();
  const { pathname } = useLocation();
  const t = useT();
  const headingId = title ? `nav-${title.replace(/\s+/g, '-').toLowerCase()}` : undefined;
  return (
    <>
      {title && expanded && (
        <ListSubheader id={headingId} component="h2" sx={{ lineHeight: '36px', bgcolor: 'transparent', position: 'static', m: 0, mt: 1 }}>
          {title}
        </ListSubheader>
      )}
      <List aria-labelledby={expanded ? headingId : undefined} aria-label={!expanded ? title : undefined} sx={{ py: 0.5 }}>
        {entries.map((e) => {
          const selected = pathname === e.to;
          const count = e.badge ?? 0;
          const countLabel = count > 0 ? (e.badgeLabel?.(count) ?? String(count)) : undefined;
          const button = (
            <ListItemButton
              component={RouterLink}
              to={e.to}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              aria-label={
                expanded ? undefined : countLabel ? t('shell.drawer.entryWithCount', { label: e.label, count: countLabel }) : e.label
              }
              sx={{ minHeight: 44, px: 2, justifyContent: expanded ? 'initial' : 'center' }}
            >
              <ListItemIcon
                sx={{ minWidth: 0, mr: expanded ? 2 : 0, justifyContent: 'center', color: selected ? 'primary.main' : undefined }}
              >
                {count > 0 && !expanded ? (
                  <Badge badgeContent={count} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
                    {e.icon}
                  </Badge>
                ) : (
                  e.icon
                )}
              </ListItemIcon>
              {expanded && <ListItemText primary={e.label} />}
            </ListItemButton>
          );
          return (
            <ListItem
              key={e.to}
              disablePadding
              sx={{ display: 'block' }}
              // Beside the link, not in it: the link keeps its name ("Flags"), the count is read after it.
              secondaryAction={
                count > 0 && expanded ? (
                  <Chip
                    size="small"
                    color="error"
                    sx={{ pointerEvents: 'none' }}
                    label={
                      <>
                        <span aria-hidden>{count > 99 ? t('shell.drawer.countOverflow', { max: 99 }) : count}</span>
                        <Box component="span" sx={visuallyHidden}>
                          {countLabel}
                        </Box>
                      </>
                    }
                  />
                ) : undefined
              }
            >
              {expanded ? (
                button
              ) : (
                <Tooltip title={e.label} placement="right">
                  {button}
                </Tooltip>
              )}
            </ListItem>
          );
        })}
      </List>
    </>
  );
}

/** The light/dark toggle and the AI-limitations disclaimer, at the foot of every drawer. */
export function DrawerFooter() {
  const expanded = useDrawerExpanded();
  const { mode, toggle } = useThemeMode();
  const t = useT();
  const label = mode === 'dark' ? t('shell.theme.switchToLight') : t('shell.theme.switchToDark');
  const button = (
    <ListItemButton
      onClick={toggle}
      aria-label={expanded ? undefined : label}
      sx={{ minHeight: 44, px: 2, justifyContent: expanded ? 'initial' : 'center' }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 0, justifyContent: 'center' }}>
        {mode === 'dark' ? <LightMode /> : <DarkMode />}
      </ListItemIcon>
      {expanded && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return (
    <Box sx={{ mt: 'auto' }}>
      <Divider />
      <List sx={{ py: 0.5 }}>
        <ListItem disablePadding sx={{ display: 'block' }}>
          {expanded ? (
            button
          ) : (
            <Tooltip title={label} placement="right">
              {button}
            </Tooltip>
          )}
        </ListItem>
      </List>
      {expanded && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('shell.drawer.disclaimer')}
        </Typography>
      )}
    </Box>
  );
}
