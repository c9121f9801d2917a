import { useId, useState, type FormEvent } from 'react';
import { validationText } from '../../../../lib/i18n';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { renameCollectionInput } from '../../../../../contract/bots';
import { ApiError } from '../../../../lib/http';
import { useT } from '../../../../lib/i18n';

/** An empty helper line, so the box does not move when a message appears under it. */
const reservedLine = ' ';

export interface NameDialogProps {
  title: string;
  submit: string;
  initial: string;
  busy: boolean;
  /** Saves the name; rejects with the server's answer (its fields.name is shown under the box). */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a collection's name, checked with the contract's rule as the teacher types. */
export function NameDialog({ title, submit, initial, busy, onSubmit, onClose }: NameDialogProps) {
  const t = useT();
  const titleId = useId();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const parsed = renameCollectionInput.safeParse({ name });
  const localError = parsed.success ? null : parsed.error.issues[0] ? validationText(parsed.error.issues[0].message) : null;
  const error = serverError ?? (touched ? localError : null);
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    onSubmit(parsed.data.name).then(onClose, (err: unknown) => {
      setServerError(err instanceof ApiError ? (err.fields?.name ?? err.message) : t('common.actionFailed'));
    });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={onSave} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('bots.collections.name')}
            value={name}
            required
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
              setServerError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? reservedLine}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('bots.card.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
