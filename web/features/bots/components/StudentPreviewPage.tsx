import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** The teacher's preview of the student area (/student). The content comes with a later issue. */
export default function StudentPreviewPage() {
  return <PlaceholderPage {...strings.pages.student} />;
}
