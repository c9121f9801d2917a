import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { paths } from '../../../lib/paths';
import { strings } from '../../../lib/strings';
import { useRunRoute } from '../hooks/useRunRoute';
import { RunnerShell } from './RunnerShell';
import { TutorRun } from './TutorRun';

/** Until assignments exist, every asid but `preview` is an assignment that cannot be found. */
function AssignmentNotFound() {
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

/**
 * /run-student-tutor-bot/{id}/{shared}/{res}/{uid}/{sid}/{asid} in the student layout. asid
 * `preview` is the teacher's preview from /student; real assignments come with their issue.
 */
export default function RunStudentTutorBotPage() {
  const { params } = useRunRoute('runStudentTutorBot');
  if (params.asid !== 'preview') return <AssignmentNotFound />;
  return (
    <RunnerShell routeKey={params} kind="TutorBot" homeTo={paths.student.to()}>
      {(bot) => bot.kind === 'TutorBot' && <TutorRun bot={bot} route="runStudentTutorBot" assignmentId={null} />}
    </RunnerShell>
  );
}
