import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';

/**
 * The one answer for an assignment that cannot be opened: an unknown record, someone else's, a
 * deleted one, or an address that does not match the record (docs/product/routes-and-guards.md#route-parameters).
 */
export function AssignmentNotFound() {
  const t = useT();
  return (
    <>
      <PageHeading>{t('runs.tutor.assignmentNotFound')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('runs.tutor.assignmentNotFoundBody')}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.studentAssignments.to()}>
        {t('runs.tutor.myAssignments')}
      </Button>
    </>
  );
}
