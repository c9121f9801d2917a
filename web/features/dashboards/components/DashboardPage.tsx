import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPIRY_NOTICE_DAYS,
  type BotUsage,
  type BuildingUsage,
  type ClassUsage,
  type Dashboard,
  type TeacherUsage,
} from '../../../../contract/school-dashboard';
import { PageHeading } from '../../../components/PageHeading';
import { ApiError } from '../../../lib/http';
import { useSchoolDashboard, type PeriodDates } from '../school/api/getSchoolDashboard';
import { formatDay, formatNumber } from '../school/format';
import { periodChoices, periodDates, validCustom, type PeriodChoice } from '../school/period';
import { useT, type Translate } from '../../../lib/i18n';
import { UsageChart } from '../school/UsageChart';
import { TwoLines, UsageTable, type Column } from '../school/UsageTable';

/**
 * The school's AI usage (`/dashboard`, school admins with premium): a period (`?period=`, or
 * `?period=custom&from=&to=`), summary cards, the per-day chart and the four tables with their CSV
 * exports. The chart library is imported only from this page's files, so it rides in its lazy chunk.
 */
export default function DashboardPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const choice: PeriodChoice = periodChoices.find((c) => c === params.get('period')) ?? '30';
  const custom = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const period = periodDates(choice, custom) ?? periodDates('30', {})!;

  const setChoice = (next: PeriodChoice) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('period', next);
      if (next === 'custom') {
        p.set('from', period.from);
        p.set('to', period.to);
      } else {
        p.delete('from');
        p.delete('to');
      }
      return p;
    });

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('dashboards.school.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('dashboards.school.intro')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboards.school.counts')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={t('dashboards.school.period')}
          value={choice}
          onChange={(e) => setChoice(e.target.value as PeriodChoice)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'period' } } }}
        >
          {periodChoices.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`dashboards.school.periods.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        {choice === 'custom' && (
          <CustomDates
            key={`${custom.from}-${custom.to}`}
            initial={period}
            onApply={(p) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                next.set('from', p.from);
                next.set('to', p.to);
                return next;
              })
            }
          />
        )}
      </Stack>
      <DashboardBody period={period} />
    </Box>
  );
}

function CustomDates({ initial, onApply }: { initial: PeriodDates; onApply: (p: PeriodDates) => void }) {
  const t = useT();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const valid = validCustom({ from, to });
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onApply({ from, to });
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        type="date"
        size="small"
        label={t('dashboards.school.from')}
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('dashboards.school.to')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        error={!valid}
        helperText={valid ? t('dashboards.school.customHelp') : t('dashboards.school.badRange')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="contained" disabled={!valid}>
        {t('dashboards.school.show')}
      </Button>
    </Box>
  );
}

function DashboardBody({ period }: { period: PeriodDates }) {
  const t = useT();
  const q = useSchoolDashboard(period);
  if (q.isPending)
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={24} aria-label={t('dashboards.school.loading')} />
        <Typography>{t('dashboards.school.loading')}</Typography>
      </Stack>
    );
  if (q.isError && !q.data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void q.refetch()}>
            {t('common.tryAgain')}
          </Button>
        }
      >
        {q.error instanceof ApiError && q.error.status >= 400 && q.error.status < 500 ? q.error.message : t('dashboards.school.error')}
      </Alert>
    );
  const d = q.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box sx={{ minHeight: 4 }}>{q.isFetching && <LinearProgress aria-label={t('dashboards.school.refreshing')} />}</Box>
      <Typography variant="body2" data-testid="showing">
        {t('dashboards.school.showing', { from: formatDay(d.from), to: formatDay(d.to) })}
      </Typography>
      <ExpiryNotice school={d.school} />
      <SummaryCards d={d} />
      <UsageChart daily={d.daily} period={period} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <UsageTable<TeacherUsage>
          table="teachers"
          period={period}
          rows={d.teachers}
          total={d.tableRows.teachers}
          columns={teacherColumns(t)}
          rowKey={(r) => r.userId}
        />
        <UsageTable<BuildingUsage>
          table="buildings"
          period={period}
          rows={d.buildings}
          total={d.tableRows.buildings}
          columns={buildingColumns(t)}
          rowKey={(r) => r.building ?? ''}
        />
        <UsageTable<BotUsage>
          table="bots"
          period={period}
          rows={d.bots}
          total={d.tableRows.bots}
          columns={botColumns(t)}
          rowKey={(r) => r.botId ?? ''}
        />
        <UsageTable<ClassUsage>
          table="classes"
          period={period}
          rows={d.classes}
          total={d.tableRows.classes}
          columns={classColumns(t)}
          rowKey={(r) => r.classId ?? ''}
        />
      </Box>
    </Stack>
  );
}

function ExpiryNotice({ school }: { school: Dashboard['school'] }) {
  const t = useT();
  if (!school.expiration || school.daysLeft === null || school.daysLeft > EXPIRY_NOTICE_DAYS) return null;
  const date = formatDay(school.expiration);
  return (
    <Alert severity={school.daysLeft < 0 ? 'error' : 'warning'} data-testid="expiry-notice">
      {school.daysLeft < 0
        ? t('dashboards.school.expired', { date })
        : school.daysLeft === 0
          ? t('dashboards.school.expiringToday', { date })
          : t('dashboards.school.expiring', { date, days: school.daysLeft })}
    </Alert>
  );
}

function Card({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-testid={`${testId}-value`} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

function SummaryCards({ d }: { d: Dashboard }) {
  const t = useT();
  const totals = d.totals;
  const flags = d.flags.high + d.flags.medium + d.flags.low;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(7, minmax(0, 1fr))' },
      }}
    >
      <Card testId="card-generations" label={t('dashboards.school.cards.generations')} value={formatNumber(totals.generations)} />
      <Card
        testId="card-tokens"
        label={t('dashboards.school.cards.tokens')}
        value={formatNumber(totals.inputTokens + totals.outputTokens)}
        detail={t('dashboards.school.cards.tokensDetail', {
          input: formatNumber(totals.inputTokens),
          output: formatNumber(totals.outputTokens),
        })}
      />
      <Card testId="card-images" label={t('dashboards.school.cards.images')} value={formatNumber(totals.images)} />
      <Card
        testId="card-teachers"
        label={t('dashboards.school.cards.teachers')}
        value={formatNumber(totals.activeTeachers)}
        detail={t('dashboards.school.cards.teachersDetail')}
      />
      <Card
        testId="card-students"
        label={t('dashboards.school.cards.students')}
        value={formatNumber(totals.activeStudents)}
        detail={t('dashboards.school.cards.studentsDetail')}
      />
      <Card
        testId="card-flags"
        label={t('dashboards.school.cards.flags')}
        value={formatNumber(flags)}
        detail={t('dashboards.school.cards.flagsDetail', { high: d.flags.high, medium: d.flags.medium, low: d.flags.low })}
      />
      <Card
        testId="card-licence"
        label={t('dashboards.school.cards.licence')}
        value={d.school.expiration ? formatDay(d.school.expiration) : t('dashboards.school.cards.noExpiry')}
        detail={d.school.name}
      />
    </Box>
  );
}

const counts = <T extends { generations: number; inputTokens: number; outputTokens: number; images: number }>(
  t: Translate,
): Column<T>[] => [
  { label: t('dashboards.school.cols.generations'), numeric: true, cell: (r) => formatNumber(r.generations) },
  { label: t('dashboards.school.cols.tokens'), numeric: true, cell: (r) => formatNumber(r.inputTokens + r.outputTokens) },
  { label: t('dashboards.school.cols.images'), numeric: true, cell: (r) => formatNumber(r.images) },
];

const teacherColumns = (t: Translate): Column<TeacherUsage>[] => [
  {
    label: t('dashboards.school.cols.teacher'),
    cell: (r) => <TwoLines primary={r.name || r.email || t('dashboards.school.noTeacher')} secondary={r.name ? r.email : null} />,
  },
  { label: t('dashboards.school.cols.building'), cell: (r) => r.building ?? t('dashboards.school.noBuilding') },
  ...counts<TeacherUsage>(t),
  { label: t('dashboards.school.cols.byStudents'), numeric: true, cell: (r) => formatNumber(r.studentGenerations) },
];
const buildingColumns = (t: Translate): Column<BuildingUsage>[] => [
  { label: t('dashboards.school.cols.building'), cell: (r) => r.building ?? t('dashboards.school.noBuilding') },
  { label: t('dashboards.school.cols.teachers'), numeric: true, cell: (r) => formatNumber(r.teachers) },
  ...counts<BuildingUsage>(t),
];
const botColumns = (t: Translate): Column<BotUsage>[] => [
  {
    label: t('dashboards.school.cols.bot'),
    cell: (r) => (
      <TwoLines
        primary={r.name ?? (r.botId ? t('dashboards.school.deletedBot') : t('dashboards.school.assistant'))}
        secondary={r.ownerEmail}
      />
    ),
  },
  { label: t('dashboards.school.cols.kind'), cell: (r) => r.kind ?? '' },
  ...counts<BotUsage>(t),
];
const classColumns = (t: Translate): Column<ClassUsage>[] => [
  {
    label: t('dashboards.school.cols.class'),
    cell: (r) => (
      <TwoLines
        primary={
          r.name
            ? r.section
              ? t('dashboards.school.classSection', { name: r.name, section: r.section })
              : r.name
            : r.classId
              ? t('dashboards.school.deletedClass')
              : t('dashboards.school.notFromClass')
        }
        secondary={r.ownerEmail}
      />
    ),
  },
  { label: t('dashboards.school.cols.students'), numeric: true, cell: (r) => formatNumber(r.students) },
  ...counts<ClassUsage>(t),
];
