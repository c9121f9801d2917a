import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { LtiPlatform, LtiPlatformInput } from '../../../../contract/lti';
import { DialogFooter } from '../../../components/DialogFooter';
import { ApiError } from '../../../lib/http';
import { useCreateLtiPlatform } from './api/createLtiPlatform';
import { schoolsQuery } from './api/listSchools';
import { useT, type Translate } from '../../../lib/i18n';

type TextKey = 'name' | 'issuer' | 'clientId' | 'authUrl' | 'tokenUrl' | 'jwksUrl';
const textFields = (t: Translate): { key: TextKey; label: string; help: string; type: 'text' | 'url' }[] => [
  { key: 'name', label: t('dashboards.super.lti.nameField'), help: t('dashboards.super.lti.nameHelp'), type: 'text' },
  { key: 'issuer', label: t('dashboards.super.lti.issuerField'), help: t('dashboards.super.lti.issuerHelp'), type: 'url' },
  { key: 'clientId', label: t('dashboards.super.lti.clientIdField'), help: t('dashboards.super.lti.clientIdHelp'), type: 'text' },
  { key: 'authUrl', label: t('dashboards.super.lti.authUrlField'), help: t('dashboards.super.lti.authUrlHelp'), type: 'url' },
  { key: 'tokenUrl', label: t('dashboards.super.lti.tokenUrlField'), help: t('dashboards.super.lti.tokenUrlHelp'), type: 'url' },
  { key: 'jwksUrl', label: t('dashboards.super.lti.jwksUrlField'), help: t('dashboards.super.lti.jwksUrlHelp'), type: 'url' },
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
  const t = useT();
  const texts = textFields(t);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const schools = useQuery(schoolsQuery());
  const [schoolId, setSchoolId] = useState('');
  const [values, setValues] = useState(empty);
  const [deployments, setDeployments] = useState('');
  // Whether the platform's addresses are the school's own (decision 274); off until support says so.
  const [managedAddresses, setManagedAddresses] = useState(false);
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
    const input: LtiPlatformInput = { schoolId, ...values, deploymentIds: lines(deployments), managedAddresses };
    create.mutate(input, { onSuccess: (made) => onRegistered(made) });
  };
  const known = ['schoolId', ...texts.map((f) => f.key)];
  const other = create.error && !known.some((k) => fields[k]) && !deploymentError ? create.error.message : null;
  const licences = schools.data?.schools ?? [];
  const schoolHelp = schools.isPending
    ? t('dashboards.super.lti.schoolsLoading')
    : schools.isSuccess && licences.length === 0
      ? t('dashboards.super.lti.noSchools')
      : t('dashboards.super.lti.schoolHelp');

  return (
    <Dialog open onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="lti-platform-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="lti-platform-title">{t('dashboards.super.lti.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('dashboards.super.lti.dialogIntro')}</DialogContentText>
          <TextField
            select
            label={t('dashboards.super.lti.schoolField')}
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
          {texts.slice(0, 3).map((f) => (
            <PlatformField key={f.key} field={f} value={values[f.key]} error={fields[f.key]} disabled={busy} onChange={setValues} />
          ))}
          <TextField
            label={t('dashboards.super.lti.deploymentIdsField')}
            name="deploymentIds"
            value={deployments}
            onChange={(e) => setDeployments(e.target.value)}
            fullWidth
            margin="dense"
            required
            multiline
            minRows={2}
            error={Boolean(deploymentError)}
            helperText={deploymentError ?? t('dashboards.super.lti.deploymentIdsHelp')}
            disabled={busy}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          {texts.slice(3).map((f) => (
            <PlatformField key={f.key} field={f} value={values[f.key]} error={fields[f.key]} disabled={busy} onChange={setValues} />
          ))}
          <FormControl component="fieldset" margin="dense" disabled={busy} sx={{ mt: 2 }}>
            <FormLabel component="legend">{t('dashboards.super.lti.addressesField')}</FormLabel>
            <RadioGroup
              name="managedAddresses"
              value={managedAddresses ? 'managed' : 'verified'}
              onChange={(e) => setManagedAddresses(e.target.value === 'managed')}
            >
              <FormControlLabel
                value="verified"
                control={<Radio />}
                label={
                  <AddressChoice
                    title={t('dashboards.super.lti.addressesVerified')}
                    help={t('dashboards.super.lti.addressesVerifiedHelp')}
                  />
                }
                sx={{ alignItems: 'flex-start', mt: 1 }}
              />
              <FormControlLabel
                value="managed"
                control={<Radio />}
                label={
                  <AddressChoice title={t('dashboards.super.lti.addressesManaged')} help={t('dashboards.super.lti.addressesManagedHelp')} />
                }
                sx={{ alignItems: 'flex-start', mt: 1 }}
              />
            </RadioGroup>
          </FormControl>
          {other && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {other}
            </Alert>
          )}
        </DialogContent>
        <DialogFooter
          cancelLabel={t('common.cancel')}
          onCancel={close}
          confirmLabel={busy ? t('dashboards.super.lti.working') : t('dashboards.super.lti.registerConfirm')}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}

/** One address choice: its name and what it means for the accounts a launch links. */
function AddressChoice({ title, help }: { title: string; help: string }) {
  return (
    <Box sx={{ pt: 1 }}>
      <Typography variant="body2">{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
    </Box>
  );
}

function PlatformField({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: ReturnType<typeof textFields>[number];
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
