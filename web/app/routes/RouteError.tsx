import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useT } from '../../lib/i18n';

/** Shown when a page fails to render or its code cannot be loaded (after a deploy, offline). */
export function RouteError() {
  const t = useT();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('shell.routeError.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('shell.routeError.body')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('shell.routeError.reload')}
      </Button>
    </Container>
  );
}
