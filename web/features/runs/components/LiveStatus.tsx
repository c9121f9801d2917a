import Box from '@mui/material/Box';
import type { ChatStatus } from 'ai';
import { useState } from 'react';
import { strings } from '../../../lib/strings';
import { visuallyHidden } from './visuallyHidden';

const s = strings.runs.status;

/**
 * The screen reader's view of a run: a polite live region that says when a reply starts, ends,
 * stops or fails, never the streaming text itself (which would be read token by token).
 */
export function LiveStatus({ status, stopped, settling }: { status: ChatStatus; stopped: number; settling: boolean }) {
  const [prev, setPrev] = useState({ status, stopped });
  const [text, setText] = useState('');
  if (prev.status !== status || prev.stopped !== stopped) {
    setPrev({ status, stopped });
    if (stopped !== prev.stopped) setText(s.stopped);
    else if (status === 'submitted') setText(s.sending);
    else if (status === 'streaming') setText(s.writing);
    else if (status === 'error') setText(s.failed);
    else if (status === 'ready' && prev.status === 'streaming') setText(s.finished);
  }
  return (
    <Box role="status" aria-live="polite" sx={visuallyHidden}>
      {settling ? s.waiting : text}
    </Box>
  );
}
