import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../lib/i18n';
import { layout } from '../theme/theme';

/** The full-screen overlay shown while the guards wait ('Loading please wait': docs/product/look-and-feel.md#fixed-strings). */
export function LoadingOverlay() {
  const t = useT();
  return (
    <Backdrop open sx={{ zIndex: layout.overlayZIndex, flexDirection: 'column', gap: 2, color: '#fff' }}>
      <CircularProgress color="inherit" aria-hidden />
      <Typography role="status" aria-live="polite">
        {t('shell.loading')}
      </Typography>
    </Backdrop>
  );
}
