import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '../lib/i18n';

/** Both texts of an edit conflict, side by side (stacked on a phone), and the two ways out. */
export function ConflictPanel({
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
}: {
  mine: string;
  theirs: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const t = useT();
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('components.conflict.title')}</AlertTitle>
      {t('components.conflict.body')}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 2 }}>
        <TextField
          label={t('components.conflict.mine')}
          value={mine}
          multiline
          minRows={4}
          maxRows={12}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          label={t('components.conflict.theirs')}
          value={theirs}
          multiline
          minRows={4}
          maxRows={12}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={onKeepMine}>
          {t('components.conflict.keepMine')}
        </Button>
        <Button variant="outlined" onClick={onTakeTheirs}>
          {t('components.conflict.useTheirs')}
        </Button>
      </Stack>
    </Alert>
  );
}
