import Box from '@mui/material/Box';
import { Markdown } from './Markdown';

/**
 * One turn of a conversation wherever it is shown (runners, transcripts, the flag dialog, a
 * reported conversation): the bot's reply in the one Markdown renderer (math, tables, sanitised),
 * the person's words as they typed them.
 */
export function MessageText({ role, text }: { role: 'user' | 'assistant'; text: string }) {
  if (role === 'user') return <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Box>;
  return <Markdown text={text} />;
}
