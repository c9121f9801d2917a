import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** The teacher's assignments (premium). The content comes with a later issue. */
export default function TeachAssignmentsPage() {
  return <PlaceholderPage {...strings.pages.teachAssignments} />;
}
