import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { strings } from '../../../lib/strings';

/** Run a ChatBot. The content comes with a later issue. */
export default function RunChatBotPage() {
  return <PlaceholderPage {...strings.pages.runChatBot} />;
}
