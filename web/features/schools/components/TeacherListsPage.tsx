import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** The licence's teacher list (school admins). The content comes with a later issue. */
export default function TeacherListsPage() {
  return <PlaceholderPage {...strings.pages.teacherLists} />;
}
