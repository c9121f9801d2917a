import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { strings } from '../lib/strings';
import { PageHeading } from './PageHeading';

/** The one "not found" answer, for unknown paths and for ids the server does not know. */
export function NotFoundContent({ homeTo }: { homeTo: string }) {
  return (
    <>
      <PageHeading>{strings.notFound.title}</PageHeading>
      <Typography sx={{ mb: 3 }}>{strings.notFound.body}</Typography>
      <Button variant="contained" component={RouterLink} to={homeTo}>
        {strings.notFound.home}
      </Button>
    </>
  );
}
