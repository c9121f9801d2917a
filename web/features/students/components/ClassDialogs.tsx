import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CLASS_NAME_MAX, CLASS_SECTION_MAX } from '../../../../contract/classes';
import { ApiError } from '../../../lib/http';
import { strings } from '../../../lib/strings';

const s = strings.students;

/** New class or rename: name and period; the server's field messages show under the fields. */
export function ClassFormDialog({
  title,
  submitLabel,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: { name: string; section: string };
  onSubmit: (value: { name: string; section: string | null }) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [section, setSection] = useState(initial.section);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit({ name, section: section.trim() ? section : null });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields ?? { name: err.message });
      else setErrors({ name: String(err) });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={s.className}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              required
              slotProps={{ htmlInput: { maxLength: CLASS_NAME_MAX } }}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <TextField
              label={s.section}
              value={section}
              onChange={(e) => setSection(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CLASS_SECTION_MAX } }}
              error={Boolean(errors.section)}
              helperText={errors.section}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{s.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A yes/no question before something is removed. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{s.cancel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
