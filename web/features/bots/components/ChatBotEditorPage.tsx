import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Add, edit or copy a ChatBot. The content comes with a later issue. */
export default function ChatBotEditorPage() {
  return <PlaceholderPage {...strings.pages.chatBotEditor} />;
}
