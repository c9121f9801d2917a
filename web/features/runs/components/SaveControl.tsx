import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { Link as RouterLink } from 'react-router';
import type { SaveState } from '../../resources';
import { paths } from '../../../lib/paths';
import { useT } from '../../../lib/i18n';

interface Props {
  state: SaveState;
  label: string;
  disabled: boolean;
  onSave: () => void;
  onOverwrite: () => void;
  onUseTheirs: () => void;
}

/** Save to Saved Docs: the button, then what happened (saved, a conflict to settle, an error). */
export function SaveButton({ state, label, disabled, onSave }: Pick<Props, 'state' | 'label' | 'disabled' | 'onSave'>) {
  const t = useT();
  return (
    <Button startIcon={<SaveIcon />} onClick={onSave} disabled={disabled || state.status === 'saving'}>
      {state.status === 'saving' ? t('runs.save.saving') : state.item ? t('runs.save.again') : label}
    </Button>
  );
}

export function SaveOutcome({ state, onOverwrite, onUseTheirs }: Pick<Props, 'state' | 'onOverwrite' | 'onUseTheirs'>) {
  const t = useT();
  if (state.status === 'saved') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }} role="status">
        <Typography variant="body2" color="success.main">
          {t('runs.save.saved')}
        </Typography>
        <Button size="small" component={RouterLink} to={paths.savedResources.to()}>
          {t('runs.save.open')}
        </Button>
      </Stack>
    );
  }
  if (state.status === 'conflict') {
    return (
      <Alert
        severity="warning"
        sx={{ mt: 1 }}
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button color="inherit" size="small" onClick={onOverwrite}>
              {t('runs.save.overwrite')}
            </Button>
            <Button color="inherit" size="small" onClick={onUseTheirs}>
              {t('runs.save.useTheirs')}
            </Button>
          </Stack>
        }
      >
        {t('runs.save.conflict')}
      </Alert>
    );
  }
  if (state.status === 'error' && state.error) {
    return (
      <Alert severity="error" sx={{ mt: 1 }}>
        {t('runs.save.failed', { message: state.error })}
      </Alert>
    );
  }
  return null;
}
