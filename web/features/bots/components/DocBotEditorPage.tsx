import { BotEditorRoute } from './editor/BotEditorRoute';

/** Add, edit or copy a DocBot (the owner edits; anyone else sees it read-only, with Copy). */
export default function DocBotEditorPage() {
  return <BotEditorRoute kind="DocBot" />;
}
