import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** The student's assignments. The content comes with a later issue. */
export default function StudentAssignmentsPage() {
  return <PlaceholderPage {...strings.pages.studentAssignments} />;
}
