import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** The teacher's roster (premium). The content comes with a later issue. */
export default function MyStudentsPage() {
  return <PlaceholderPage {...strings.pages.myStudents} />;
}
