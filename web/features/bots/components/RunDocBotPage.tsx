import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Run a DocBot. The content comes with a later issue. */
export default function RunDocBotPage() {
  return <PlaceholderPage {...strings.pages.runDocBot} />;
}
