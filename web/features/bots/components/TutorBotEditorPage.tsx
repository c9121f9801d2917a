import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Add, edit or copy a TutorBot. The content comes with a later issue. */
export default function TutorBotEditorPage() {
  return <PlaceholderPage {...strings.pages.tutorBotEditor} />;
}
