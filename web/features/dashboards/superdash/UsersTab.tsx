import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SupportUser } from '../../../../contract/superdash';
import { dateTime } from '../../../lib/format';
import { usersQuery } from './api/searchUsers';
import { Fact, LoadError, Loading } from './common';
import { useT } from '../../../lib/i18n';
import { UserActionDialog, type UserAction } from './UserActions';

function UserCard({ user, onAction }: { user: SupportUser; onAction: (action: UserAction) => void }) {
  const t = useT();
  const { plan } = user;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="superdash-user" aria-label={user.email} component="section">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
          {user.email}
        </Typography>
        <Chip
          size="small"
          label={user.verified ? t('dashboards.super.users.verified') : t('dashboards.super.users.notVerified')}
          variant="outlined"
        />
      </Stack>
      {user.name && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {user.name}
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5, m: 0 }}>
        <Fact label={t('dashboards.super.users.role')}>
          {user.role === 'teacher' ? t('dashboards.super.users.teacher') : t('dashboards.super.users.student')}
        </Fact>
        <Fact label={t('dashboards.super.users.plan')}>
          {plan.current_period_end
            ? t('dashboards.super.users.planUntil', { status: plan.status, until: plan.current_period_end.slice(0, 10) })
            : plan.status}
        </Fact>
        <Fact label={t('dashboards.super.users.school')}>
          {plan.is_admin
            ? t('dashboards.super.users.schoolAdmin', {
                school: plan.school_name ?? t('dashboards.super.users.noSchool'),
                admin: t('dashboards.super.users.admin'),
              })
            : (plan.school_name ?? t('dashboards.super.users.noSchool'))}
        </Fact>
        <Fact label={t('dashboards.super.users.lastSignIn')}>
          {user.lastSignInAt ? dateTime(user.lastSignInAt) : t('dashboards.super.users.never')}
        </Fact>
        <Fact label={t('dashboards.super.users.created')}>{dateTime(user.createdAt)}</Fact>
      </Box>
      {user.grant && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {user.grant.until
            ? t('dashboards.super.users.grantNowUntil', { status: user.grant.status, until: user.grant.until.slice(0, 10) })
            : t('dashboards.super.users.grantNowOpen', { status: user.grant.status })}
        </Typography>
      )}
      {user.isSupport ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('dashboards.super.users.supportAccount')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <Button size="small" variant="outlined" onClick={() => onAction('grant')}>
            {t('dashboards.super.users.grant')}
          </Button>
          {user.grant && (
            <>
              <Button size="small" variant="outlined" onClick={() => onAction('extend')}>
                {t('dashboards.super.users.extend')}
              </Button>
              <Button size="small" variant="outlined" color="error" onClick={() => onAction('revoke')}>
                {t('dashboards.super.users.revoke')}
              </Button>
            </>
          )}
          <Button size="small" variant="outlined" onClick={() => onAction('role')}>
            {t('dashboards.super.users.changeRole')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/** Finds accounts by e-mail (`?email=`), each with its plan and the changes support may make. */
export function UsersTab() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const [typed, setTyped] = useState(email);
  const users = useQuery(usersQuery(email));
  const [acting, setActing] = useState<{ user: SupportUser; action: UserAction } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const search = (e: React.FormEvent) => {
    e.preventDefault();
    setDone(null);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('email', typed.trim());
        return next;
      },
      { replace: true },
    );
  };
  return (
    <Box data-testid="superdash-users">
      <Box
        component="form"
        onSubmit={search}
        role="search"
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2, flexWrap: 'wrap' }}
      >
        <TextField
          label={t('dashboards.super.users.search')}
          name="email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          helperText={t('dashboards.super.users.searchHelp')}
          size="small"
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          slotProps={{ htmlInput: { maxLength: 254, autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={!typed.trim()}>
          {t('dashboards.super.users.searchButton')}
        </Button>
      </Box>
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {!email ? (
        <Typography color="text.secondary">{t('dashboards.super.users.prompt')}</Typography>
      ) : users.isPending ? (
        <Loading label={t('dashboards.super.users.loading')} />
      ) : users.isError ? (
        <LoadError what={t('dashboards.super.users.what')} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.super.users.none', { q: email })}</Typography>
      ) : (
        <Stack sx={{ gap: 2 }}>
          {users.data.users.map((user) => (
            <UserCard key={user.id} user={user} onAction={(action) => setActing({ user, action })} />
          ))}
          {users.data.more && <Typography color="text.secondary">{t('dashboards.super.users.more')}</Typography>}
        </Stack>
      )}
      {acting && (
        <UserActionDialog
          user={acting.user}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={(_, action) => {
            setActing(null);
            setDone(t(`dashboards.super.users.done.${action}`));
          }}
        />
      )}
    </Box>
  );
}
