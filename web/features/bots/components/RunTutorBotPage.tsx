import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** A teacher's run of a TutorBot. The content comes with a later issue. */
export default function RunTutorBotPage() {
  return <PlaceholderPage {...strings.pages.runTutorBot} />;
}
