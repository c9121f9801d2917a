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
import { useT } from '../../../lib/i18n';

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
  const t = useT();
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
    grant: t('dashboards.super.users.grantTitle', { email: user.email }),
    extend: t('dashboards.super.users.extendTitle', { email: user.email }),
    revoke: t('dashboards.super.users.revokeTitle', { email: user.email }),
    role: t('dashboards.super.users.roleTitle', { email: user.email, role: newRole }),
  }[action];
  const body = {
    grant: t('dashboards.super.users.grantBody'),
    extend: t('dashboards.super.users.extendBody'),
    revoke: t('dashboards.super.users.revokeBody'),
    role: t('dashboards.super.users.roleBody'),
  }[action];
  const confirm = {
    grant: t('dashboards.super.users.grantConfirm'),
    extend: t('dashboards.super.users.extendConfirm'),
    revoke: t('dashboards.super.users.revokeConfirm'),
    role: t('dashboards.super.users.roleConfirm'),
  }[action];
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
                label={t('dashboards.super.users.length')}
                value={length}
                onChange={(e) => setLength(e.target.value)}
                fullWidth
                margin="dense"
                disabled={busy}
              >
                {[1, 3, 6, 12].map((n) => (
                  <MenuItem key={n} value={String(n)}>
                    {t('dashboards.super.users.months', { count: n })}
                  </MenuItem>
                ))}
                <MenuItem value="date">{t('dashboards.super.users.untilDate')}</MenuItem>
                <MenuItem value="none">{t('dashboards.super.users.noEndDate')}</MenuItem>
              </TextField>
              {length === 'date' && (
                <TextField
                  label={t('dashboards.super.users.lastDay')}
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
              label={t('dashboards.super.users.days')}
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
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={action === 'revoke' ? 'error' : 'primary'} disabled={busy}>
            {busy ? t('dashboards.super.users.working') : confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
