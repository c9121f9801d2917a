import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { Link as RouterLink } from 'react-router';
import type { SaveState } from '../../resources/api';
import { paths } from '../../../lib/paths';
import { strings } from '../../../lib/strings';

const s = strings.runs.save;

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
  return (
    <Button startIcon={<SaveIcon />} onClick={onSave} disabled={disabled || state.status === 'saving'}>
      {state.status === 'saving' ? s.saving : state.item ? s.again : label}
    </Button>
  );
}

export function SaveOutcome({ state, onOverwrite, onUseTheirs }: Pick<Props, 'state' | 'onOverwrite' | 'onUseTheirs'>) {
  if (state.status === 'saved') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }} role="status">
        <Typography variant="body2" color="success.main">
          {s.saved}
        </Typography>
        <Button size="small" component={RouterLink} to={paths.savedResources.to()}>
          {s.open}
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
              {s.overwrite}
            </Button>
            <Button color="inherit" size="small" onClick={onUseTheirs}>
              {s.useTheirs}
            </Button>
          </Stack>
        }
      >
        {s.conflict}
      </Alert>
    );
  }
  if (state.status === 'error' && state.error) {
    return (
      <Alert severity="error" sx={{ mt: 1 }}>
        {s.failed(state.error)}
      </Alert>
    );
  }
  return null;
}
