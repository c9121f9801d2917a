import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Add, edit or copy a DocBot. The content comes with a later issue. */
export default function DocBotEditorPage() {
  return <PlaceholderPage {...strings.pages.docBotEditor} />;
}
