import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useT } from '../../../../lib/i18n';
import type { BotDraft } from '../../model/draft';
import { useEditor } from './editorContext';

export interface FieldProps {
  /** The contract path of this value, such as "name" or "settings.welcomeMessage". */
  path: string;
  label: string;
  value: string;
  /** The draft with this box's new value. */
  set: (draft: BotDraft, value: string) => BotDraft;
  /** The contract's limit: shown as a counter, and the message appears once it is passed. */
  max?: number;
  help?: string;
  required?: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  /** Another path whose message depends on this box (a list's default on its options); touched with it. */
  touchPath?: string;
  type?: TextFieldProps['type'];
  autoFocus?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric';
  size?: 'small' | 'medium';
}

/**
 * A text box of the editor: the contract's message under it when there is one, else its help and
 * a character counter. Read-only bots keep their text readable and selectable.
 */
export function Field({
  path,
  label,
  value,
  set,
  max,
  help,
  required,
  multiline,
  minRows,
  maxRows,
  touchPath,
  type,
  autoFocus,
  inputMode,
  size,
}: FieldProps) {
  const t = useT();
  const { change, touch, errorOf, readOnly } = useEditor();
  const error = errorOf(path);
  const counter = max !== undefined && !readOnly ? t('bots.editor.chars', { count: value.length, max }) : null;
  const helper = error ?? (help && counter ? t('bots.editor.helpAndCounter', { help, counter }) : help || counter || undefined);
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      required={required && !readOnly}
      multiline={multiline}
      minRows={minRows}
      maxRows={maxRows}
      type={type}
      autoFocus={autoFocus}
      size={size}
      error={Boolean(error)}
      helperText={helper}
      onChange={(e) => change(touchPath ? [path, touchPath] : path, (d) => set(d, e.target.value))}
      onBlur={() => touch(path)}
      slotProps={{ htmlInput: { readOnly, inputMode, 'data-path': path } }}
    />
  );
}
