import Box from '@mui/material/Box';
import type { ChatStatus } from 'ai';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { visuallyHidden } from './visuallyHidden';

/**
 * The screen reader's view of a run: a polite live region that says when a reply starts, ends,
 * stops or fails, never the streaming text itself (which would be read token by token).
 */
export function LiveStatus({ status, stopped, settling }: { status: ChatStatus; stopped: number; settling: boolean }) {
  const t = useT();
  const [prev, setPrev] = useState({ status, stopped });
  const [text, setText] = useState('');
  if (prev.status !== status || prev.stopped !== stopped) {
    setPrev({ status, stopped });
    if (stopped !== prev.stopped) setText(t('runs.status.stopped'));
    else if (status === 'submitted') setText(t('runs.status.sending'));
    else if (status === 'streaming') setText(t('runs.status.writing'));
    else if (status === 'error') setText(t('runs.status.failed'));
    else if (status === 'ready' && prev.status === 'streaming') setText(t('runs.status.finished'));
  }
  return (
    <Box role="status" aria-live="polite" sx={visuallyHidden}>
      {settling ? t('runs.status.waiting') : text}
    </Box>
  );
}
