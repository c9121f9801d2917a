import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

interface DialogFooterProps {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** While the write runs: both buttons are disabled, so a dialog is neither closed nor sent twice. */
  busy: boolean;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  /** Disables the confirm button only (a required field still empty). */
  confirmDisabled?: boolean;
  /** A confirm that deletes or removes: shown in the error colour. */
  danger?: boolean;
}

/** The footer of a dialog that writes something: Cancel, then the action, both held while it runs. */
export function DialogFooter({
  cancelLabel,
  onCancel,
  confirmLabel,
  busy,
  onConfirm,
  confirmDisabled = false,
  danger = false,
}: DialogFooterProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={danger ? 'error' : 'primary'}
        variant="contained"
        disabled={busy || confirmDisabled}
        onClick={onConfirm}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}
