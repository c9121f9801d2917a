import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { SchoolLicence } from '../../../../contract/superdash';
import { ApiError } from '../../../lib/http';
import { useSaveSchool } from './api/saveSchool';
import { ChipsField } from './ChipsField';
import { useT } from '../../../lib/i18n';

/** Creates a school licence (`school` null) or edits one, with the server's answer on the field it is about. */
export function SchoolDialog({
  school,
  onClose,
  onSaved,
}: {
  school: SchoolLicence | null;
  onClose: () => void;
  onSaved: (saved: SchoolLicence) => void;
}) {
  const t = useT();
  const [name, setName] = useState(school?.name ?? '');
  const [domains, setDomains] = useState<string[]>(school?.domains ?? []);
  const [admins, setAdmins] = useState<string[]>(school?.admins ?? []);
  const [expires, setExpires] = useState(school?.expiration ?? '');
  const [logoUrl, setLogoUrl] = useState(school?.logoUrl ?? '');
  const save = useSaveSchool(school?.id ?? null);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const busy = save.isPending;
  const close = () => {
    if (!busy) onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: name.trim(), domains, admins, expires: expires || null, logoUrl: logoUrl.trim() || null },
      { onSuccess: (saved) => onSaved(saved) },
    );
  };
  const known = ['name', 'domains', 'admins', 'expires', 'logoUrl'];
  const other = save.error && !known.some((k) => fields[k]) ? save.error.message : null;
  const title = school ? t('dashboards.super.schools.dialogEdit') : t('dashboards.super.schools.dialogNew');
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="school-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="school-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('dashboards.super.schools.name')}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            fullWidth
            margin="dense"
            required
            error={Boolean(fields.name)}
            helperText={fields.name}
            disabled={busy}
            autoFocus
          />
          <ChipsField
            name="domains"
            label={t('dashboards.super.schools.domains')}
            values={domains}
            onChange={setDomains}
            helperText={fields.domains ?? t('dashboards.super.schools.domainsHelp')}
            error={Boolean(fields.domains)}
            disabled={busy}
          />
          <ChipsField
            name="admins"
            label={t('dashboards.super.schools.adminsField')}
            values={admins}
            onChange={setAdmins}
            helperText={fields.admins ?? t('dashboards.super.schools.adminsHelp')}
            error={Boolean(fields.admins)}
            disabled={busy}
          />
          <TextField
            label={t('dashboards.super.schools.expiresField')}
            name="expires"
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            fullWidth
            margin="dense"
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(fields.expires)}
            helperText={fields.expires ?? t('dashboards.super.schools.expiresHelp')}
            disabled={busy}
          />
          <TextField
            label={t('dashboards.super.schools.logo')}
            name="logoUrl"
            type="url"
            value={logoUrl}
            onChange={(e) => setLogoUrl(e.target.value)}
            fullWidth
            margin="dense"
            error={Boolean(fields.logoUrl)}
            helperText={fields.logoUrl ?? t('dashboards.super.schools.logoHelp')}
            disabled={busy}
          />
          {other && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {other}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('dashboards.super.schools.saving') : t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
