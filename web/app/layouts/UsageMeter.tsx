import { useEffect } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { aiStatusQuery } from '../../features/ai/api/aiStatus';
import { monthDay } from '../../lib/format';
import { useT } from '../../lib/i18n';

/** The requests that use up a generation: a send, a regenerate, an image. */
const generating = /\/api\/(conversations\/[^/]+\/(messages|retry)|images)(\?|$)/;

/**
 * Refreshes this month's usage whenever one of the app's own AI requests has finished, whichever
 * page made it (runners, Try-it, images), without each of them knowing about the meter. Resource
 * Timing reports a streamed reply once its last byte is in, which is when it has been counted.
 */
function useRefreshAfterGenerations() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof PerformanceObserver === 'undefined') return;
    const observer = new PerformanceObserver((list) => {
      const done = list.getEntries().some((e) => generating.test(new URL(e.name, location.origin).pathname));
      if (done) void client.invalidateQueries({ queryKey: aiStatusQuery().queryKey });
    });
    observer.observe({ type: 'resource' });
    return () => observer.disconnect();
  }, [client]);
}

/** A free teacher's month at a glance in the drawer: "12 of 40 generations used", and when it resets. */
export function UsageMeter() {
  const status = useQuery({ ...aiStatusQuery(), staleTime: 30_000, refetchOnWindowFocus: true });
  const t = useT();
  useRefreshAfterGenerations();
  const usage = status.data?.usage.text;
  if (!usage || usage.limit <= 0) return null;
  const used = Math.min(usage.used, usage.limit);
  const full = used >= usage.limit;
  const resets = monthDay(status.data!.usage.resetsAt);
  return (
    <Box sx={{ px: 2, py: 1.5 }} data-testid="usage-meter">
      <Typography variant="body2" id="usage-meter-label">
        {t('shell.drawer.usage', { used, limit: usage.limit })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(used / usage.limit) * 100}
        color={full ? 'warning' : 'primary'}
        aria-labelledby="usage-meter-label"
        sx={{ my: 0.75, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" component="p">
        {t('shell.drawer.usageResets', { date: resets })}
      </Typography>
    </Box>
  );
}
