import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import type { Trophy } from '../../../contract/trophies';
import { trophyDisplay, trophyIcons } from '../../lib/display';
import { useT } from '../../lib/i18n';
import { layout } from '../../theme/theme';
import { useDrawerExpanded } from './drawerContext';

/** Amber on dark grey; a deeper amber on the light greys, so each icon keeps 3:1 against its background. */
const trophyGold = (theme: Theme) => (theme.palette.mode === 'light' ? '#b26a00' : '#ffb300');

/**
 * One trophy icon per trophy, at most 30, and the total as a number. Each icon says why it was
 * earned (tooltip on hover and focus, and its accessible name), and a click, a tap or focus writes
 * the reason under the icons, so no one has to hover (touch screens have no hover); the icons are
 * one stop for the Tab key, the arrow keys move between them.
 */
export function TrophyChart({ count, trophies }: { count: number; trophies: readonly Trophy[] }) {
  const t = useT();
  const expanded = useDrawerExpanded();
  const [active, setActive] = useState(0);
  /** The icon whose reason is written under the chart (clicked, tapped or focused), or null. */
  const [picked, setPicked] = useState<number | null>(null);
  const refs = useRef<(HTMLElement | null)[]>([]);
  if (!expanded) return null;
  const { icons: shown, total } = trophyDisplay(count, layout.maxTrophyIcons);
  const icons = trophyIcons(count, trophies, layout.maxTrophyIcons);
  const current = Math.min(active, Math.max(0, icons.length - 1));

  const move = (e: KeyboardEvent) => {
    const last = icons.length - 1;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? Math.min(current + 1, last)
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? Math.max(current - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <Box component="section" aria-labelledby="trophy-chart-heading" sx={{ px: 2, py: 1 }}>
      <Typography id="trophy-chart-heading" variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
        {t('shell.trophyChart.title')}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="trophy-total">
        {total}
        <Box component="span" sx={{ fontSize: '0.875rem', fontWeight: 400, ml: 1 }}>
          {t('shell.trophyChart.unit', { count: total })}
        </Box>
      </Typography>
      {total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('shell.trophyChart.none')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('shell.trophyChart.listLabel', { total })}
          onKeyDown={move}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, mt: 0.5, mb: 0, p: 0, listStyle: 'none' }}
        >
          {icons.map(({ key, trophy }, i) => {
            const label = trophy
              ? t('shell.trophyChart.iconLabel', { reason: trophy.reason, assignment: trophy.assignmentTitle })
              : t('shell.trophyChart.iconPending');
            return (
              <li key={key} style={{ display: 'flex' }}>
                <Tooltip title={label} enterDelay={layout.tooltipDelay} describeChild={false}>
                  <Box
                    component="span"
                    role="img"
                    aria-label={label}
                    tabIndex={i === current ? 0 : -1}
                    ref={(el: HTMLElement | null) => {
                      refs.current[i] = el;
                    }}
                    onFocus={() => {
                      setActive(i);
                      setPicked(i);
                    }}
                    onClick={() => setPicked(i)}
                    data-trophy=""
                    sx={{
                      display: 'inline-flex',
                      borderRadius: 1,
                      cursor: 'pointer',
                      '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
                    }}
                  >
                    <EmojiEvents fontSize="small" sx={{ color: trophyGold }} aria-hidden />
                  </Box>
                </Tooltip>
              </li>
            );
          })}
        </Box>
      )}
      {total > 0 && (
        <Typography
          variant="body2"
          role="status"
          aria-label={t('shell.trophyChart.pickedLabel')}
          data-testid="trophy-reason"
          color={picked === null ? 'text.secondary' : 'text.primary'}
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {picked === null || !icons[picked]
            ? t('shell.trophyChart.pickHint')
            : icons[picked].trophy
              ? t('shell.trophyChart.iconLabel', { reason: icons[picked].trophy.reason, assignment: icons[picked].trophy.assignmentTitle })
              : t('shell.trophyChart.iconPending')}
        </Typography>
      )}
      {shown < total && (
        <Typography variant="caption" color="text.secondary">
          {t('shell.trophyChart.shown', { shown, total })}
        </Typography>
      )}
    </Box>
  );
}
