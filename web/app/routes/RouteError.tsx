import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { strings } from '../../lib/strings';

/** Shown when a page fails to render or its code cannot be loaded (after a deploy, offline). */
export function RouteError() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {strings.routeError.title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{strings.routeError.body}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {strings.routeError.reload}
      </Button>
    </Container>
  );
}
