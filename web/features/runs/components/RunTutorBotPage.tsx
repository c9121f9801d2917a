import { useRunRoute } from '../hooks/useRunRoute';
import { RunnerShell } from './RunnerShell';
import { TutorRun } from './TutorRun';

/** /run-tutor-bot/{id}/{shared}/{res}/{uid}/{sid}: the teacher tries a TutorBot exactly as a student meets it. */
export default function RunTutorBotPage() {
  const { params } = useRunRoute('runTutorBot');
  return (
    <RunnerShell routeKey={params} kind="TutorBot">
      {(bot) => bot.kind === 'TutorBot' && <TutorRun bot={bot} route="runTutorBot" assignmentId={null} />}
    </RunnerShell>
  );
}
