import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { joinClass } from '../../../lib/classes/api';
import { ApiError } from '../../../lib/http';
import { strings } from '../../../lib/strings';

const s = strings.pages.joinClass;

/** The student's assignments (they come with the assignments work) and joining a class by its code. */
export default function StudentAssignmentsPage() {
  return (
    <>
      <PlaceholderPage {...strings.pages.studentAssignments} />
      <JoinClass />
    </>
  );
}

function JoinClass() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setOutcome(null);
    joinClass(code).then(
      (r) => {
        setOutcome({ ok: true, text: r.alreadyOnRoster ? s.already(r.className) : s.joined(r.className, r.teacherName) });
        setCode('');
        setBusy(false);
      },
      (err: unknown) => {
        setOutcome({ ok: false, text: err instanceof ApiError ? err.message : String(err) });
        setBusy(false);
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="join-class-title" sx={{ p: 2, mt: 3, maxWidth: 560 }}>
      <Typography id="join-class-title" component="h2" variant="h6">
        {s.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {s.body}
      </Typography>
      <Stack component="form" onSubmit={submit} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={s.label}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 16, style: { textTransform: 'uppercase', letterSpacing: '0.15em' } } }}
        />
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {busy ? s.joining : s.join}
        </Button>
      </Stack>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} sx={{ mt: 2 }}>
          {outcome.text}
        </Alert>
      )}
    </Paper>
  );
}
