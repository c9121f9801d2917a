import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CLASS_NAME_MAX, CLASS_SECTION_MAX } from '../../../../contract/classes';
import type { Locale } from '../../../../contract/locale';
import { ApiError } from '../../../lib/http';
import { languageNames, languages, useT } from '../../../lib/i18n';

/** What a class form gives: name, period, and the language of its students who chose none (null: their own choice). */
export interface ClassFormValue {
  name: string;
  section: string | null;
  defaultLocale: Locale | null;
}

/** The select's value for "each student's own choice" (a select cannot hold null). */
const OWN_CHOICE = 'own';

/**
 * New class or rename: name, period and the students' language; the server's field messages show
 * under the fields.
 */
export function ClassFormDialog({
  title,
  submitLabel,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: { name: string; section: string; defaultLocale: Locale | null };
  onSubmit: (value: ClassFormValue) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(initial.name);
  const [section, setSection] = useState(initial.section);
  const [defaultLocale, setDefaultLocale] = useState<Locale | null>(initial.defaultLocale);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit({ name, section: section.trim() ? section : null, defaultLocale });
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
              label={t('students.classForm.className')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              required
              slotProps={{ htmlInput: { maxLength: CLASS_NAME_MAX } }}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <TextField
              label={t('students.classForm.section')}
              value={section}
              onChange={(e) => setSection(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CLASS_SECTION_MAX } }}
              error={Boolean(errors.section)}
              helperText={errors.section}
            />
            <TextField
              select
              label={t('students.classForm.language')}
              value={defaultLocale ?? OWN_CHOICE}
              onChange={(e) => setDefaultLocale(languages.find((l) => l === e.target.value) ?? null)}
              error={Boolean(errors.defaultLocale)}
              helperText={errors.defaultLocale ?? t('students.classForm.languageHelp')}
            >
              <MenuItem value={OWN_CHOICE}>{t('students.classForm.languageOwn')}</MenuItem>
              {languages.map((l) => (
                <MenuItem key={l} value={l} lang={l}>
                  {languageNames[l]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
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
  const t = useT();
  return (
    <Dialog open onClose={onClose} maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
