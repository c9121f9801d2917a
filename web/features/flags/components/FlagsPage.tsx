import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { flagStatus, type FlagStatus, type FlagSummary } from '../../../../contract/flags';
import { isPremium } from '../../../../contract/subscription';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { SeverityChip } from './SeverityChip';
import { useAppState } from '../../../lib/app-state/AppState';
import { dateTime, relativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/useNow';
import { flagCountQuery, flagInboxQuery } from '../api/flags';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { FlagDetailDialog } from './FlagDetailDialog';

/**
 * The Flags inbox (`/flags`): the caller's flags by status (`?status=`), newest first, each opening
 * (`?flag=<id>`) with the message in context and the review. The drawer's live stream keeps it
 * current. A school admin also sees the school's self-harm alerts.
 */
export default function FlagsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { subscription } = useAppState();
  const status: FlagStatus = flagStatus.safeParse(params.get('status')).data ?? 'unreviewed';
  const open = params.get('flag');
  const admin = Boolean(subscription?.is_admin && subscription.school_domain);
  const count = useQuery(flagCountQuery());
  // The server answers 402 to a teacher with no Premium, no school to administer and no flags: say so without asking.
  const allowed = (subscription !== null && isPremium(subscription.status)) || admin || (count.data?.total ?? 0) > 0;
  const list = useInfiniteQuery({ ...flagInboxQuery(status), enabled: allowed });

  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'status' },
    );

  const flags = list.data?.pages.flatMap((p) => p.flags) ?? [];
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('flags.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: admin ? 0.5 : 2 }}>
        {t('flags.intro')}
      </Typography>
      {admin && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('flags.adminIntro')}
        </Typography>
      )}
      {count.isPending && !allowed ? (
        <CircularProgress aria-label={t('flags.title')} />
      ) : !allowed ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.mySubscription.to()} color="inherit" size="small">
              {t('flags.seePlans')}
            </Button>
          }
        >
          {t('flags.premium')}
        </Alert>
      ) : (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            onChange={(_, value: FlagStatus | null) => value && setParam('status', value === 'unreviewed' ? null : value)}
            aria-label={t('flags.filter')}
            sx={{ mb: 2, flexWrap: 'wrap' }}
          >
            {flagStatus.options.map((option) => (
              <ToggleButton
                key={option}
                value={option}
                sx={{ px: 2, color: 'text.secondary', '&.Mui-selected': { color: 'text.primary' } }}
              >
                {option === 'unreviewed' && count.data
                  ? t('flags.filterCount', { label: t(`flags.filters.${option}`), count: count.data.unreviewed })
                  : t(`flags.filters.${option}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <QueryState query={list} loadingLabel={t('flags.title')} errorText={t('flags.loadFailed')} retryLabel={t('common.tryAgain')}>
            {() =>
              flags.length === 0 ? (
                <Paper variant="outlined" sx={{ p: 3 }}>
                  <Typography color="text.secondary">{t(`flags.empty.${status}`)}</Typography>
                </Paper>
              ) : (
                <Paper variant="outlined" sx={{ minWidth: 0 }}>
                  <List aria-label={t('flags.title')} disablePadding>
                    {flags.map((f) => (
                      <FlagRow key={f.id} flag={f} onOpen={() => setParam('flag', f.id)} />
                    ))}
                  </List>
                </Paper>
              )
            }
          </QueryState>
          {list.hasNextPage && (
            <Button sx={{ mt: 2 }} variant="outlined" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('flags.loadMore')}
            </Button>
          )}
        </>
      )}
      {open && <FlagDetailDialog flagId={open} onClose={() => setParam('flag', null)} />}
    </Box>
  );
}

function FlagRow({ flag, onOpen }: { flag: FlagSummary; onOpen: () => void }) {
  const t = useT();
  const now = useNow();
  const assignmentPart = ` · ${flag.assignment.title}`;
  return (
    <ListItem disablePadding divider data-flag={flag.id}>
      <ListItemButton onClick={onOpen} sx={{ py: 1.5, alignItems: 'flex-start' }}>
        <Stack spacing={0.75} sx={{ minWidth: 0, width: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <SeverityChip severity={flag.severity} />
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {t(`flags.category.${flag.category}`)}
            </Typography>
            {flag.as === 'admin' && <Chip size="small" variant="outlined" label={t('flags.asAdmin')} />}
            {flag.detectedBy === 'student' && flag.category !== 'reported' && (
              <Chip size="small" color="info" variant="outlined" label={t('flags.reported.chip')} />
            )}
            {flag.reviewed && <Chip size="small" label={t('flags.reviewedChip')} />}
            {flag.alertUnsent && <Chip size="small" color="warning" variant="outlined" label={t('flags.alertUnsent')} />}
          </Stack>
          {flag.detectedBy === 'student' && flag.reason && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="student-report-reason">
              {t('flags.reported.studentSaid', { reason: flag.reason })}
            </Typography>
          )}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {flag.studentName}
            </Box>
            {assignmentPart}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={flag.createdAt} title={dateTime(flag.createdAt)}>
            {relativeTime(flag.createdAt, now)}
          </Typography>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}
