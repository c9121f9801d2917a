import { createContext, use } from 'react';
import type { BotDraft } from '../../model/draft';

/** What every editor section reads and writes: the draft, its messages and whether it is read-only. */
export interface EditorContextValue {
  draft: BotDraft;
  /**
   * Changes the draft and marks `path` (or each of several) as touched, so its message shows from
   * now on; null touches nothing (adding, moving or removing a form field is not typing in one).
   */
  change: (path: string | readonly string[] | null, update: (draft: BotDraft) => BotDraft) => void;
  /** Marks a box as touched when the teacher leaves it, so a required box left empty says so. */
  touch: (path: string) => void;
  /** The message to show for a path (or anything under it), if it should show now. */
  errorOf: (path: string, exact?: boolean) => string | undefined;
  readOnly: boolean;
  /** Records a file this editor uploaded: it waits for a save, and is given up if the editor is left unsaved. */
  uploaded: (fileId: string) => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = use(EditorContext);
  if (!value) throw new Error('useEditor is used outside the bot editor');
  return value;
}
