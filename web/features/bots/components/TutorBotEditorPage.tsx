import { BotEditorRoute } from './editor/BotEditorRoute';

/** Add, edit or copy a TutorBot (the owner edits; anyone else sees it read-only, with Copy). */
export default function TutorBotEditorPage() {
  return <BotEditorRoute kind="TutorBot" />;
}
