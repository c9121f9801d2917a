import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { strings } from '../../../lib/strings';

/**
 * The one answer for an assignment that cannot be opened: an unknown record, someone else's, a
 * deleted one, or an address that does not match the record (docs/product/routes-and-guards.md#route-parameters).
 */
export function AssignmentNotFound() {
  const s = strings.runs.tutor;
  return (
    <>
      <PageHeading>{s.assignmentNotFound}</PageHeading>
      <Typography sx={{ mb: 3 }}>{s.assignmentNotFoundBody}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.studentAssignments.to()}>
        {s.myAssignments}
      </Button>
    </>
  );
}
