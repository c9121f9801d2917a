import Container from '@mui/material/Container';
import { NotFoundContent } from '../../components/NotFoundContent';
import { useMe } from '../../lib/session/getMe';
import { paths } from '../../lib/paths';

/** Any path the route table does not know. */
export function NotFoundRoute() {
  const { data: me } = useMe();
  return (
    <Container maxWidth="md" sx={{ py: 5 }}>
      <NotFoundContent homeTo={me ? paths.home.to('DocBot') : paths.landing.to()} />
    </Container>
  );
}
