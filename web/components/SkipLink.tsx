import Box from '@mui/material/Box';
import { useT } from '../lib/i18n';

/** The first focusable element: jumps keyboard users past the top bar and drawer. */
export function SkipLink() {
  const t = useT();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 3000,
        p: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('shell.skipToContent')}
    </Box>
  );
}
