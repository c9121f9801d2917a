import { useState } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { DailyUsage } from '../../../../contract/school-dashboard';
import { useT } from '../../../lib/i18n';
import { formatDay, formatNumber, shortDay } from './format';
import { ExportButton } from './UsageTable';
import type { PeriodDates } from './api/getSchoolDashboard';

type Metric = 'generations' | 'tokens' | 'images';
const valueOf = (d: DailyUsage, m: Metric) => (m === 'tokens' ? d.inputTokens + d.outputTokens : m === 'images' ? d.images : d.generations);

/**
 * The per-day chart (@mui/x-charts, loaded with this page only), one measure at a time. The chart
 * itself is inert (hidden from screen readers and the Tab key): a sentence sums it up and "Numbers
 * per day" holds the same numbers as a table.
 */
export function UsageChart({ daily, period }: { daily: DailyUsage[]; period: PeriodDates }) {
  const t = useT();
  const [metric, setMetric] = useState<Metric>('generations');
  const values = daily.map((d) => valueOf(d, metric));
  const total = values.reduce((a, b) => a + b, 0);
  const max = Math.max(0, ...values);
  const busiest = max > 0 ? daily[values.indexOf(max)]! : null;
  const what = t(`dashboards.school.metrics.${metric}`);
  const summary =
    t('dashboards.school.chartSummary', { what, total: formatNumber(total), days: daily.length }) +
    (busiest
      ? ` ${t('dashboards.school.chartBusiest', {
          busiest: t('dashboards.school.busiestValue', { day: formatDay(busiest.day), value: formatNumber(max) }),
        })}`
      : '');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {t('dashboards.school.chartTitle')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={metric}
          onChange={(_, v: Metric | null) => v && setMetric(v)}
          aria-label={t('dashboards.school.metricLabel')}
        >
          {(['generations', 'tokens', 'images'] as const).map((m) => (
            <ToggleButton key={m} value={m}>
              {t(`dashboards.school.metrics.${m}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="chart-summary">
        {summary}
      </Typography>
      <Box inert aria-hidden sx={{ height: 260, minWidth: 0 }} data-testid="usage-chart">
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: daily.map((d) => shortDay(d.day)), tickLabelMinGap: 12 }]}
          yAxis={[{ width: 56, tickMinStep: 1, valueFormatter: (v: number) => formatNumber(v) }]}
          series={[{ data: values, label: what, valueFormatter: (v) => formatNumber(v ?? 0) }]}
          hideLegend
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
          skipAnimation
        />
      </Box>
      <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="daily-numbers" id="daily-numbers-heading">
          <Typography>{t('dashboards.school.dailyNumbers')}</Typography>
        </AccordionSummary>
        <AccordionDetails id="daily-numbers" sx={{ p: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pb: 1 }}>
            <ExportButton table="daily" period={period} />
          </Box>
          <TableContainer sx={{ maxHeight: 360, overflow: 'auto' }} tabIndex={0} aria-label={t('dashboards.school.dailyNumbers')}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{t('dashboards.school.cols.day')}</TableCell>
                  <TableCell align="right">{t('dashboards.school.cols.generations')}</TableCell>
                  <TableCell align="right">{t('dashboards.school.cols.tokens')}</TableCell>
                  <TableCell align="right">{t('dashboards.school.cols.images')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {daily.map((d) => (
                  <TableRow key={d.day}>
                    <TableCell>{formatDay(d.day)}</TableCell>
                    <TableCell align="right">{formatNumber(d.generations)}</TableCell>
                    <TableCell align="right">{formatNumber(d.inputTokens + d.outputTokens)}</TableCell>
                    <TableCell align="right">{formatNumber(d.images)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </AccordionDetails>
      </Accordion>
    </Paper>
  );
}
