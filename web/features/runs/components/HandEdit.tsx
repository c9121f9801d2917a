import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ConflictPanel } from '../../../components/ConflictPanel';
import { SaveStatusChip } from '../../../components/SaveStatusChip';
import { useT } from '../../../lib/i18n';
import { useReplyEdit } from '../hooks/useReplyEdit';
import { insertBlock } from '../hooks/insertImage';

interface Props {
  conversationId: string | null;
  replyId: string | null;
  /** The document as stored (the model's text, or an earlier edit), and its version. */
  stored: string;
  version: number;
  /** What the page shows now (the teacher's edit, or `stored`). */
  text: string;
  editing: boolean;
  /** The teacher has edited this document (now or before): show where the edit stands. */
  edited: boolean;
  onText: (text: string) => void;
  /** Told the text each time an edit is stored with the run. */
  onStored: (text: string) => void;
  /** Told whether something typed is not stored yet (the page asks before it is left). */
  onUnsaved: (unsaved: boolean) => void;
  /** Puts a block (a generated image) into the document: see HandEditHandle. */
  handle?: Ref<HandEditHandle>;
}

export interface HandEditHandle {
  /**
   * Puts a Markdown block into the document as an edit of it: at the edit box's cursor (its last
   * selection) while editing by hand, else at the end; stored with the run at once.
   */
  insert: (block: string) => void;
}

/**
 * "Edit by hand" for one document (mount it per reply, keyed by its id): the Markdown box while
 * editing, and the edit autosaved with the run, with Saved / Saving… beside it.
 */
export function HandEdit({ conversationId, replyId, stored, version, text, editing, edited, onText, onStored, onUnsaved, handle }: Props) {
  const t = useT();
  const autosave = useReplyEdit({ conversationId, replyId, text: stored, version, onStored });
  // The edit box keeps its last selection after it loses focus (a click on Insert), so it is read there.
  const box = useRef<HTMLTextAreaElement | null>(null);
  const caretAfter = useRef<number | null>(null);
  const { change } = autosave;
  useImperativeHandle(
    handle,
    () => ({
      insert: (block: string) => {
        const el = editing ? box.current : null;
        const next = insertBlock(text, block, el ? { start: el.selectionStart, end: el.selectionEnd } : undefined);
        if (el) caretAfter.current = next.caret;
        onText(next.text);
        change({ text: next.text }, true);
      },
    }),
    [editing, text, onText, change],
  );
  // After an insert while editing, the cursor goes just after the image (a next one follows it).
  useLayoutEffect(() => {
    const el = box.current;
    if (caretAfter.current === null || !el) return;
    el.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [text]);
  useEffect(() => onUnsaved(autosave.unsaved), [autosave.unsaved, onUnsaved]);
  useEffect(() => () => onUnsaved(false), [onUnsaved]);
  const takeTheirs = () => {
    const theirs = autosave.conflict?.text;
    autosave.takeTheirs();
    if (theirs !== undefined) onText(theirs);
  };
  return (
    <>
      {editing && (
        <TextField
          label={t('runs.doc.editLabel')}
          value={text}
          inputRef={box}
          onChange={(e) => {
            onText(e.target.value);
            autosave.change({ text: e.target.value });
          }}
          multiline
          minRows={12}
          fullWidth
          slotProps={{ htmlInput: { style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } } }}
        />
      )}
      {(editing || edited) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {replyId && conversationId && <SaveStatusChip status={autosave.status} />}
        </Stack>
      )}
      {autosave.error && autosave.status === 'error' && (
        <Alert severity="error" sx={{ mt: 1 }} action={<Button onClick={() => void autosave.retry()}>{t('common.tryAgain')}</Button>}>
          {autosave.error}
        </Alert>
      )}
      {autosave.conflict && (
        <Box sx={{ mt: 1 }}>
          <ConflictPanel mine={text} theirs={autosave.conflict.text} onKeepMine={autosave.keepMine} onTakeTheirs={takeTheirs} />
        </Box>
      )}
    </>
  );
}
