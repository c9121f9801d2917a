import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** A student's tutor run of one assignment. The content comes with a later issue. */
export default function RunStudentTutorBotPage() {
  return <PlaceholderPage {...strings.pages.runStudentTutorBot} />;
}
