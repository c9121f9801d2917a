import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { LiveStatus } from '../../../lib/live/useLiveEvents';
import { useT } from '../../../lib/i18n';

/** "Live" while the event stream is open; "Connecting…" or "Reconnecting…" until it is. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const t = useT();
  const live = status === 'live';
  const label = t(live ? 'assignments.live' : status === 'connecting' ? 'assignments.connecting' : 'assignments.reconnecting');
  const help = t(live ? 'assignments.liveHelp' : 'assignments.reconnectingHelp');
  const spoken = `${label} ${help}`;
  const dot = (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 8,
        height: 8,
        borderRadius: '50%',
        ml: 1,
        bgcolor: live ? 'success.main' : 'text.disabled',
        '@media (prefers-reduced-motion: no-preference)': live
          ? { animation: 'cb-live-pulse 2s ease-in-out infinite', '@keyframes cb-live-pulse': { '50%': { opacity: 0.35 } } }
          : {},
      }}
    />
  );
  return (
    <Tooltip title={help}>
      <Chip size="small" variant="outlined" icon={dot} label={label} role="status" aria-label={spoken} data-live={status} />
    </Tooltip>
  );
}
