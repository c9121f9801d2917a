import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AssignmentDetail } from '../../../../contract/assignments';
import { useCreateAssignment } from '../api/createAssignment';
import { useT } from '../../../lib/i18n';
import { emptyForm, toCreateInput, type AssignmentForm } from '../model/form';
import { useFormSubmit } from '../model/useFormSubmit';
import { AssignmentFields } from './AssignmentFields';
import { TargetPicker } from './TargetPicker';
import { TutorBotSelect, useTutorBots } from './TutorBotSelect';

/** "New assignment": a TutorBot (own or template), title, instructions, due date, limit, classes and students. */
export function NewAssignmentDialog({
  initialBotId,
  onClose,
  onCreated,
}: {
  initialBotId?: string | null;
  onClose: () => void;
  onCreated: (created: AssignmentDetail) => void;
}) {
  const t = useT();
  const createAssignment = useCreateAssignment();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<AssignmentForm>(() => ({ ...emptyForm(), botId: initialBotId ?? '' }));
  // The title follows the chosen bot's name until the teacher types their own (null: not typed).
  const [typedTitle, setTypedTitle] = useState<string | null>(null);
  const { errors, other, busy, refuse, run } = useFormSubmit();
  // One key per dialog: a second click or a retry of a lost answer makes no second assignment.
  const [idempotencyKey] = useState(() => `assignment-${crypto.randomUUID()}`);
  const bots = useTutorBots();
  const botName = bots.all.find((b) => b.id === draft.botId)?.name ?? '';
  const form: AssignmentForm = { ...draft, title: typedTitle ?? botName };

  const change = (patch: Partial<AssignmentForm>) => {
    const { title, ...rest } = patch;
    if (title !== undefined) setTypedTitle(title);
    setDraft((f) => ({ ...f, ...rest }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = toCreateInput(form, t, idempotencyKey);
    if (!checked.ok) return refuse(checked.errors, checked.other);
    await run(async () => onCreated(await createAssignment(checked.input)));
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="new-assignment-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="new-assignment-title">{t('assignments.newTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {other.map((m) => (
              <Alert key={m} severity="error" role="alert">
                {m}
              </Alert>
            ))}
            <TutorBotSelect
              value={form.botId}
              error={errors.botId}
              disabled={busy}
              onPick={(bot) => {
                setDraft((f) => ({ ...f, botId: bot.id }));
                // A title cleared by the teacher follows the bot again.
                if (!typedTitle?.trim()) setTypedTitle(null);
              }}
            />
            <AssignmentFields form={form} errors={errors} disabled={busy} onChange={change} />
            <TargetPicker
              classIds={form.classIds}
              studentIds={form.studentIds}
              error={errors.targets}
              disabled={busy}
              onChange={(next) => setDraft((f) => ({ ...f, ...next }))}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t(busy ? 'assignments.creating' : 'assignments.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
