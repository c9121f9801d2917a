import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { LtiPlatform, LtiPlatformInput } from '../../../../contract/lti';
import { DialogFooter } from '../../../components/DialogFooter';
import { ApiError } from '../../../lib/http';
import { useCreateLtiPlatform } from './api/createLtiPlatform';
import { schoolsQuery } from './api/listSchools';
import { superStrings } from './strings';

const s = superStrings.lti;

type TextKey = 'name' | 'issuer' | 'clientId' | 'authUrl' | 'tokenUrl' | 'jwksUrl';
const textFields: { key: TextKey; label: string; help: string; type: 'text' | 'url' }[] = [
  { key: 'name', label: s.nameField, help: s.nameHelp, type: 'text' },
  { key: 'issuer', label: s.issuerField, help: s.issuerHelp, type: 'url' },
  { key: 'clientId', label: s.clientIdField, help: s.clientIdHelp, type: 'text' },
  { key: 'authUrl', label: s.authUrlField, help: s.authUrlHelp, type: 'url' },
  { key: 'tokenUrl', label: s.tokenUrlField, help: s.tokenUrlHelp, type: 'url' },
  { key: 'jwksUrl', label: s.jwksUrlField, help: s.jwksUrlHelp, type: 'url' },
];
const empty: Record<TextKey, string> = { name: '', issuer: '', clientId: '', authUrl: '', tokenUrl: '', jwksUrl: '' };

/** The deployment ids typed one a line (blank lines dropped). */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * Registers a course platform (the fields of ltiPlatformInput), the school licence chosen from
 * superDash's licences, with the server's 422 on the field it is about.
 */
export function PlatformDialog({ onClose, onRegistered }: { onClose: () => void; onRegistered: (platform: LtiPlatform) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const schools = useQuery(schoolsQuery());
  const [schoolId, setSchoolId] = useState('');
  const [values, setValues] = useState(empty);
  const [deployments, setDeployments] = useState('');
  const create = useCreateLtiPlatform();
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  // A refused deployment id is reported by its place in the list (deploymentIds.2).
  const deploymentError = fields.deploymentIds ?? Object.entries(fields).find(([k]) => k.startsWith('deploymentIds.'))?.[1];
  const busy = create.isPending;
  const close = () => {
    if (!busy) onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input: LtiPlatformInput = { schoolId, ...values, deploymentIds: lines(deployments) };
    create.mutate(input, { onSuccess: (made) => onRegistered(made) });
  };
  const known = ['schoolId', ...textFields.map((f) => f.key)];
  const other = create.error && !known.some((k) => fields[k]) && !deploymentError ? create.error.message : null;
  const licences = schools.data?.schools ?? [];
  const schoolHelp = schools.isPending ? s.schoolsLoading : schools.isSuccess && licences.length === 0 ? s.noSchools : s.schoolHelp;

  return (
    <Dialog open onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="lti-platform-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="lti-platform-title">{s.dialogTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{s.dialogIntro}</DialogContentText>
          <TextField
            select
            label={s.schoolField}
            name="schoolId"
            value={schoolId}
            onChange={(e) => setSchoolId(e.target.value)}
            fullWidth
            margin="dense"
            required
            error={Boolean(fields.schoolId) || (schools.isSuccess && licences.length === 0)}
            helperText={fields.schoolId ?? schoolHelp}
            disabled={busy || licences.length === 0}
            autoFocus
          >
            {licences.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          {textFields.slice(0, 3).map((f) => (
            <PlatformField key={f.key} field={f} value={values[f.key]} error={fields[f.key]} disabled={busy} onChange={setValues} />
          ))}
          <TextField
            label={s.deploymentIdsField}
            name="deploymentIds"
            value={deployments}
            onChange={(e) => setDeployments(e.target.value)}
            fullWidth
            margin="dense"
            required
            multiline
            minRows={2}
            error={Boolean(deploymentError)}
            helperText={deploymentError ?? s.deploymentIdsHelp}
            disabled={busy}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          {textFields.slice(3).map((f) => (
            <PlatformField key={f.key} field={f} value={values[f.key]} error={fields[f.key]} disabled={busy} onChange={setValues} />
          ))}
          {other && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {other}
            </Alert>
          )}
        </DialogContent>
        <DialogFooter cancelLabel={s.cancel} onCancel={close} confirmLabel={busy ? s.working : s.registerConfirm} busy={busy} />
      </form>
    </Dialog>
  );
}

function PlatformField({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: (typeof textFields)[number];
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (update: (values: Record<TextKey, string>) => Record<TextKey, string>) => void;
}) {
  return (
    <TextField
      label={field.label}
      name={field.key}
      type={field.type}
      value={value}
      onChange={(e) => onChange((values) => ({ ...values, [field.key]: e.target.value }))}
      fullWidth
      margin="dense"
      required
      error={Boolean(error)}
      helperText={error ?? field.help}
      disabled={disabled}
      slotProps={{ htmlInput: { spellCheck: false } }}
    />
  );
}
