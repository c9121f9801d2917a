import { BotEditorRoute } from './editor/BotEditorRoute';

/** Add, edit or copy a ChatBot (the owner edits; anyone else sees it read-only, with Copy). */
export default function ChatBotEditorPage() {
  return <BotEditorRoute kind="ChatBot" />;
}
