import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { addTeacherInput, BUILDING_MAX, type SchoolTeacherRow } from '../../../../contract/teacher-lists';
import { DialogFooter } from '../../../components/DialogFooter';
import { ApiError } from '../../../lib/http';
import { useAddTeacher } from '../api/addTeacher';
import { useEditTeacher } from '../api/editTeacher';
import { useRemoveTeacher } from '../api/removeTeacher';
import { formatList } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

const fieldsOf = (err: unknown) => (err instanceof ApiError ? (err.fields ?? {}) : {});
/** An empty helper line, so the field does not jump when an error appears. */
const keepLineHeight = ' ';
const generalError = (err: unknown) => (err instanceof Error ? err.message : null);

/** Adds one teacher: e-mail on the licence's domains, optional building. */
export function AddTeacherDialog({ domains, onClose, onDone }: { domains: string[]; onClose: () => void; onDone: (msg: string) => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [building, setBuilding] = useState('');
  const add = useAddTeacher();
  // What the server would refuse anyway (not an address, or off the school's domains) is said here,
  // before any request: no 422 in the console for a mistake the page can see (issue 39, item 20).
  const [ownCheck, setOwnCheck] = useState<string | null>(null);
  const fields = ownCheck ? { email: ownCheck } : fieldsOf(add.error);
  const close = () => !add.isPending && onClose();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    const address = addTeacherInput.shape.email.safeParse(email);
    const list = formatList(
      domains.map((d) => `@${d}`),
      undefined,
      'conjunction',
    );
    const problem = !address.success
      ? t('schools.notAnAddress')
      : domains.length && !domains.includes(address.data.slice(address.data.lastIndexOf('@') + 1).toLowerCase())
        ? t('schools.offDomain', { domains: list })
        : null;
    setOwnCheck(problem);
    if (problem) return;
    add.reset();
    add.mutate({ email, building }, { onSuccess: (row) => onDone(t('schools.added', { email: row.email })) });
  };
  const other = add.error && !fields.email && !fields.building ? generalError(add.error) : null;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="add-teacher-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-teacher-title">{t('schools.addTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('schools.addBody', {
              domains: formatList(
                domains.map((d) => `@${d}`),
                undefined,
                'disjunction',
              ),
            })}
          </DialogContentText>
          <TextField
            autoFocus
            required
            fullWidth
            type="email"
            label={t('schools.email')}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setOwnCheck(null);
            }}
            error={Boolean(fields.email)}
            helperText={fields.email ?? keepLineHeight}
            disabled={add.isPending}
            sx={{ mb: 1 }}
          />
          <TextField
            fullWidth
            label={t('schools.building')}
            value={building}
            onChange={(e) => setBuilding(e.target.value)}
            error={Boolean(fields.building)}
            helperText={fields.building ?? t('schools.buildingHelp', { max: BUILDING_MAX })}
            disabled={add.isPending}
            slotProps={{ htmlInput: { maxLength: BUILDING_MAX } }}
          />
          {other && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {other}
            </Alert>
          )}
        </DialogContent>
        <DialogFooter
          cancelLabel={t('common.cancel')}
          onCancel={close}
          confirmLabel={t('schools.add')}
          busy={add.isPending}
          confirmDisabled={!email.trim()}
        />
      </form>
    </Dialog>
  );
}

/** Changes one teacher's building (empty: none). */
export function EditBuildingDialog({
  teacher,
  onClose,
  onDone,
}: {
  teacher: SchoolTeacherRow;
  onClose: () => void;
  onDone: (msg: string) => void;
}) {
  const t = useT();
  const [building, setBuilding] = useState(teacher.building ?? '');
  const edit = useEditTeacher();
  const fields = fieldsOf(edit.error);
  const close = () => !edit.isPending && onClose();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (edit.isPending) return;
    edit.mutate({ id: teacher.id, building }, { onSuccess: () => onDone(t('schools.saved')) });
  };
  const other = edit.error && !fields.building ? generalError(edit.error) : null;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="edit-building-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="edit-building-title">{t('schools.editTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>{teacher.email}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('schools.building')}
            value={building}
            onChange={(e) => setBuilding(e.target.value)}
            error={Boolean(fields.building)}
            helperText={fields.building ?? t('schools.buildingHelp', { max: BUILDING_MAX })}
            disabled={edit.isPending}
            slotProps={{ htmlInput: { maxLength: BUILDING_MAX } }}
          />
          {other && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {other}
            </Alert>
          )}
        </DialogContent>
        <DialogFooter cancelLabel={t('common.cancel')} onCancel={close} confirmLabel={t('common.save')} busy={edit.isPending} />
      </form>
    </Dialog>
  );
}

/** Confirms a removal, saying what it does. */
export function RemoveTeacherDialog({
  teacher,
  onClose,
  onDone,
}: {
  teacher: SchoolTeacherRow;
  onClose: () => void;
  onDone: (msg: string) => void;
}) {
  const t = useT();
  const remove = useRemoveTeacher();
  const close = () => !remove.isPending && onClose();
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="remove-teacher-title">
      <DialogTitle id="remove-teacher-title">{t('schools.removeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{t('schools.removeBody', { email: teacher.email })}</DialogContentText>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {generalError(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        cancelLabel={t('common.cancel')}
        onCancel={close}
        confirmLabel={t('schools.removeConfirm')}
        busy={remove.isPending}
        danger
        onConfirm={() => remove.mutate(teacher.id, { onSuccess: () => onDone(t('schools.removed', { email: teacher.email })) })}
      />
    </Dialog>
  );
}
