import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SupportUser } from '../../../../contract/superdash';
import { ApiError } from '../../../lib/http';
import { useChangeUser, type UserChange } from './api/changeUser';
import { monthsFromToday } from './common';
import { superStrings } from './strings';

const s = superStrings.users;
export type UserAction = 'grant' | 'extend' | 'revoke' | 'role';

/** The dialog of one change to an account: its fields, a confirm button, and the server's refusal in words. */
export function UserActionDialog({
  user,
  action,
  onClose,
  onDone,
}: {
  user: SupportUser;
  action: UserAction;
  onClose: () => void;
  onDone: (user: SupportUser, action: UserAction) => void;
}) {
  const change = useChangeUser(user.id);
  const [length, setLength] = useState<string>('12');
  const [until, setUntil] = useState('');
  const [days, setDays] = useState('30');
  const newRole = user.role === 'teacher' ? 'student' : 'teacher';
  const fields = change.error instanceof ApiError ? (change.error.fields ?? {}) : {};
  const busy = change.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const build = (): UserChange => {
    switch (action) {
      case 'grant':
        return {
          kind: 'grant',
          body: { status: 'active', until: length === 'none' ? null : length === 'date' ? until : monthsFromToday(Number(length)) },
        };
      case 'extend':
        return { kind: 'extend', body: { days: Number(days) } };
      case 'revoke':
        return { kind: 'revoke' };
      case 'role':
        return { kind: 'role', body: { role: newRole } };
    }
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    change.mutate(build(), { onSuccess: (next) => onDone(next, action) });
  };

  const title = {
    grant: s.grantTitle(user.email),
    extend: s.extendTitle(user.email),
    revoke: s.revokeTitle(user.email),
    role: s.roleTitle(user.email, newRole === 'teacher' ? s.teacher.toLowerCase() : s.student.toLowerCase()),
  }[action];
  const body = { grant: s.grantBody, extend: s.extendBody, revoke: s.revokeBody, role: s.roleBody }[action];
  const confirm = { grant: s.grantConfirm, extend: s.extendConfirm, revoke: s.revokeConfirm, role: s.roleConfirm }[action];
  const other = change.error && !Object.keys(fields).some((k) => k === 'until' || k === 'days') ? change.error.message : null;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby="user-action-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="user-action-title" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{body}</DialogContentText>
          {action === 'grant' && (
            <>
              <TextField
                select
                label={s.length}
                value={length}
                onChange={(e) => setLength(e.target.value)}
                fullWidth
                margin="dense"
                disabled={busy}
              >
                {[1, 3, 6, 12].map((n) => (
                  <MenuItem key={n} value={String(n)}>
                    {s.months(n)}
                  </MenuItem>
                ))}
                <MenuItem value="date">{s.untilDate}</MenuItem>
                <MenuItem value="none">{s.noEndDate}</MenuItem>
              </TextField>
              {length === 'date' && (
                <TextField
                  label={s.lastDay}
                  type="date"
                  value={until}
                  onChange={(e) => setUntil(e.target.value)}
                  fullWidth
                  margin="dense"
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(fields.until)}
                  helperText={fields.until}
                  disabled={busy}
                  required
                />
              )}
              {length !== 'date' && fields.until && <Alert severity="error">{fields.until}</Alert>}
            </>
          )}
          {action === 'extend' && (
            <TextField
              label={s.days}
              type="number"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              fullWidth
              margin="dense"
              slotProps={{ htmlInput: { min: 1, max: 3650 } }}
              error={Boolean(fields.days)}
              helperText={fields.days}
              disabled={busy}
            />
          )}
          {other && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {other}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {s.cancel}
          </Button>
          <Button type="submit" variant="contained" color={action === 'revoke' ? 'error' : 'primary'} disabled={busy}>
            {busy ? s.working : confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
