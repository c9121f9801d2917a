import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { strings } from '../lib/strings';

const s = strings.saved;

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
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{s.conflictTitle}</AlertTitle>
      {s.conflictBody}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 2 }}>
        <TextField label={s.conflictMine} value={mine} multiline minRows={4} maxRows={12} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField
          label={s.conflictTheirs}
          value={theirs}
          multiline
          minRows={4}
          maxRows={12}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={onKeepMine}>
          {s.keepMine}
        </Button>
        <Button variant="outlined" onClick={onTakeTheirs}>
          {s.useTheirs}
        </Button>
      </Stack>
    </Alert>
  );
}
