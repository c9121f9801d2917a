import Typography from '@mui/material/Typography';
import { useT } from '../lib/i18n';

/** The page's one h1, also used as the document title. */
export function PageHeading({ children }: { children: string }) {
  const t = useT();
  return (
    <>
      <title>{t('components.documentTitle', { title: children })}</title>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
