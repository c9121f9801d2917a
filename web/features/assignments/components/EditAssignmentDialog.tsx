import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AssignmentDetail } from '../../../../contract/assignments';
import { useUpdateAssignment } from '../api/updateAssignment';
import { useT } from '../../../lib/i18n';
import { formOf, isUnchanged, rebaseForm, toUpdateInput, type AssignmentForm } from '../model/form';
import { useFormSubmit } from '../model/useFormSubmit';
import { AssignmentFields } from './AssignmentFields';
import { TargetPicker } from './TargetPicker';

/**
 * Edit an assignment against the version shown. A 409 (changed in another tab) reloads the
 * assignment, says so, and puts the teacher's edits on top of the saved version, to save again.
 */
export function EditAssignmentDialog({
  assignment,
  onClose,
  onSaved,
  reload,
}: {
  /** The assignment as the page has it now (fresh after a reload). */
  assignment: AssignmentDetail;
  onClose: () => void;
  onSaved: (saved: AssignmentDetail) => void;
  /** Fetches the saved version again (after a conflict). */
  reload: () => Promise<AssignmentDetail>;
}) {
  const t = useT();
  const updateAssignment = useUpdateAssignment();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // What the form started from, and the version it is sent against; both move on after a conflict.
  const [base, setBase] = useState(() => formOf(assignment));
  const [version, setVersion] = useState(assignment.version);
  const [form, setForm] = useState<AssignmentForm>(base);
  const [conflict, setConflict] = useState(false);
  const { errors, other, busy, refuse, run } = useFormSubmit();
  const taken = {
    classIds: new Set(assignment.classes.map((c) => c.id)),
    emails: new Set(assignment.students.map((st) => st.email.toLowerCase())),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = toUpdateInput(form, base, version, t);
    if (!checked.ok) return refuse(checked.errors, checked.other);
    if (isUnchanged(checked.input)) return onClose();
    await run(async () => {
      const outcome = await updateAssignment(assignment.id, checked.input);
      if (outcome.status === 'saved') return onSaved(outcome.assignment);
      setConflict(true);
      const fresh = await reload();
      const saved = formOf(fresh);
      setForm((f) => rebaseForm(f, base, saved));
      setBase(saved);
      setVersion(fresh.version);
    });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-assignment-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="edit-assignment-title">{t('assignments.editTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {conflict && (
              <Alert severity="warning" role="alert">
                <AlertTitle>{t('assignments.editConflictTitle')}</AlertTitle>
                {t('assignments.editConflict')}
              </Alert>
            )}
            {other.map((m) => (
              <Alert key={m} severity="error" role="alert">
                {m}
              </Alert>
            ))}
            <Typography variant="body2" color="text.secondary">
              {t(assignment.bot.deleted ? 'assignments.tutorDeleted' : 'assignments.tutor', { name: assignment.bot.name })}
            </Typography>
            <AssignmentFields form={form} errors={errors} disabled={busy} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} />
            <TargetPicker
              classIds={form.classIds}
              studentIds={form.studentIds}
              error={errors.targets}
              disabled={busy}
              taken={taken}
              onChange={(next) => setForm((f) => ({ ...f, ...next }))}
            />
            <Typography variant="body2" color="text.secondary">
              {t('assignments.addOnlyNote')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t(busy ? 'assignments.saving' : 'common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
