import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../lib/i18n';
import { PageHeading } from './PageHeading';

/** The one "not found" answer, for unknown paths and for ids the server does not know. */
export function NotFoundContent({ homeTo }: { homeTo: string }) {
  const t = useT();
  return (
    <>
      <PageHeading>{t('shell.notFound.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('shell.notFound.body')}</Typography>
      <Button variant="contained" component={RouterLink} to={homeTo}>
        {t('shell.notFound.home')}
      </Button>
    </>
  );
}
