import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { trophyDisplay } from '../../lib/display';
import { strings } from '../../lib/strings';
import { layout } from '../../theme/theme';
import { useDrawerExpanded } from './drawerContext';

/** One trophy icon per trophy, at most 30, and the total as a number. */
export function TrophyChart({ count }: { count: number }) {
  const expanded = useDrawerExpanded();
  if (!expanded) return null;
  const { icons: shown, total } = trophyDisplay(count, layout.maxTrophyIcons);
  return (
    <Box component="section" aria-labelledby="trophy-chart-heading" sx={{ px: 2, py: 1 }}>
      <Typography id="trophy-chart-heading" variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
        {strings.drawer.trophyChart}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="trophy-total">
        {total}
        <Box component="span" sx={{ fontSize: '0.875rem', fontWeight: 400, ml: 1 }}>
          {strings.drawer.trophies(total).replace(/^\d+ /, '')}
        </Box>
      </Typography>
      {total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {strings.drawer.noTrophies}
        </Typography>
      ) : (
        <Box role="img" aria-label={strings.drawer.trophies(total)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, mt: 0.5 }}>
          {Array.from({ length: shown }, (_, i) => (
            <EmojiEvents key={i} fontSize="small" sx={{ color: '#ffb300' }} data-trophy="" />
          ))}
        </Box>
      )}
      {shown < total && (
        <Typography variant="caption" color="text.secondary">
          {strings.drawer.trophiesShown(shown, total)}
        </Typography>
      )}
    </Box>
  );
}
