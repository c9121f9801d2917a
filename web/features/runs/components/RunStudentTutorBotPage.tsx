import { paths } from '../../../lib/paths';
import { useRunRoute } from '../hooks/useRunRoute';
import { RunnerShell } from './RunnerShell';
import { StudentAssignmentRun } from './StudentAssignmentRun';
import { TutorRun } from './TutorRun';

/**
 * /run-student-tutor-bot/{id}/{shared}/{res}/{uid}/{sid}/{asid} in the student layout. asid
 * `preview` is the teacher's preview from /student; any other asid is the student's record.
 */
export default function RunStudentTutorBotPage() {
  const { params } = useRunRoute('runStudentTutorBot');
  if (params.asid !== 'preview') return <StudentAssignmentRun key={params.asid} />;
  return (
    <RunnerShell routeKey={params} kind="TutorBot" homeTo={paths.student.to()}>
      {(bot) => bot.kind === 'TutorBot' && <TutorRun bot={bot} route="runStudentTutorBot" assignmentId={null} />}
    </RunnerShell>
  );
}
