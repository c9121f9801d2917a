import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useChat } from '@ai-sdk/react';
import { Link as RouterLink } from 'react-router';
import { Markdown } from '../../../../components/markdown/Markdown';
import { chatTransport, messageText, type ChatMessage } from '../../../../lib/conversations/chatTransport';
import { useStartRun } from '../../../../lib/conversations/startRun';
import { ApiError } from '../../../../lib/http';
import { useT, currentFormattingLocale, type Translate } from '../../../../lib/i18n';

export interface TryItPanelProps {
  /** Saves the editor if it has changes (or was never saved) and answers the bot's id, or null when it cannot. */
  ensureSaved: () => Promise<string | null>;
  welcomeMessage: string;
  starterPrompts: string[];
  /** The runner of the saved bot, when there is one. */
  runnerPath: string | null;
}

/**
 * The conversation the test chat posts to: started on the first send, so the transport reads it
 * when each request is prepared.
 */
class TryItSession {
  private conversation: { id: string; botId: string } | null = null;

  readonly transport = chatTransport(() => this.conversation?.id ?? null);

  /** Whether the chat already runs against this saved bot. */
  isWith(botId: string): boolean {
    return this.conversation?.botId === botId;
  }

  start(conversationId: string, botId: string): void {
    this.conversation = { id: conversationId, botId };
  }

  reset(): void {
    this.conversation = null;
  }
}

/**
 * A compact test chat for the ChatBot and TutorBot editors. The engine runs saved bots only, so
 * each send saves the editor first (the button says so), starts a run of the saved bot once, and
 * streams the reply with the AI SDK's useChat over /api/conversations/:id/messages. The server
 * composes the bot's instructions on every turn, so later saves apply to the same test chat.
 */
export function TryItPanel({ ensureSaved, welcomeMessage, starterPrompts, runnerPath }: TryItPanelProps) {
  const t = useT();
  const [session] = useState(() => new TryItSession());
  const chat = useChat<ChatMessage>({ transport: session.transport });
  const startRun = useStartRun();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || chat.status === 'submitted' || chat.status === 'streaming';

  const send = async (message: string) => {
    const trimmed = message.trim();
    if (!trimmed || busy) return;
    setProblem(null);
    setPreparing(true);
    try {
      const botId = await ensureSaved();
      if (!botId) {
        setProblem(t('bots.tryIt.fixFirst'));
        return;
      }
      if (!session.isWith(botId)) {
        const run = await startRun.mutateAsync({ botId });
        session.start(run.id, botId);
      }
      setText('');
      setPreparing(false);
      await chat.sendMessage({ text: trimmed });
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : t('bots.tryIt.failed'));
    } finally {
      setPreparing(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(text);
  };
  const restart = () => {
    void chat.stop();
    chat.setMessages([]);
    chat.clearError();
    session.reset();
    setProblem(null);
  };
  // The server's reason when it refused; a lost connection or a broken stream is just "failed".
  const streamError = chat.error
    ? chat.error instanceof ApiError && chat.error.status !== 0
      ? withResetDate(chat.error, t)
      : t('bots.tryIt.failed')
    : null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="try-it-title"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="try-it-title" component="h2" variant="h6">
          {t('bots.tryIt.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {chat.messages.length > 0 && (
            <Button size="small" onClick={restart}>
              {t('bots.tryIt.restart')}
            </Button>
          )}
          {runnerPath && (
            <Button size="small" component={RouterLink} to={runnerPath}>
              {t('bots.editor.run')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('bots.tryIt.intro')}
      </Typography>
      <Box
        role="log"
        aria-label={t('bots.tryIt.log')}
        aria-live="polite"
        sx={{ maxHeight: 420, minHeight: 120, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {welcomeMessage.trim() && <Bubble who={t('bots.tryIt.bot')} text={welcomeMessage.trim()} mine={false} />}
        {chat.messages.map((m) => (
          <Bubble
            key={m.id}
            who={m.role === 'user' ? t('bots.tryIt.you') : t('bots.tryIt.bot')}
            text={messageText(m) || (m.role === 'assistant' ? t('bots.tryIt.thinking') : '')}
            mine={m.role === 'user'}
          />
        ))}
        {chat.status === 'submitted' && <Bubble who={t('bots.tryIt.bot')} text={t('bots.tryIt.thinking')} mine={false} />}
        {chat.messages.length === 0 && !welcomeMessage.trim() && (
          <Typography variant="body2" color="text.secondary">
            {t('bots.tryIt.empty')}
          </Typography>
        )}
      </Box>
      {(problem ?? streamError) && <Alert severity="error">{problem ?? streamError}</Alert>}
      {chat.messages.length === 0 && starterPrompts.some((p) => p.trim()) && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {starterPrompts
            .filter((p) => p.trim())
            .map((p, i) => (
              <Chip key={i} label={p} onClick={() => void send(p)} disabled={busy} variant="outlined" />
            ))}
        </Stack>
      )}
      <Stack component="form" onSubmit={onSubmit} direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <TextField
          label={t('bots.tryIt.message')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send(text);
            }
          }}
          multiline
          maxRows={5}
          size="small"
          fullWidth
        />
        {chat.status === 'streaming' || chat.status === 'submitted' ? (
          <Button onClick={() => void chat.stop()} variant="outlined">
            {t('bots.tryIt.stop')}
          </Button>
        ) : (
          <Button type="submit" variant="contained" disabled={busy || !text.trim()} sx={{ flexShrink: 0 }}>
            {t('bots.tryIt.send')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Bubble({ who, text, mine }: { who: string; text: string; mine: boolean }) {
  return (
    <Box
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '90%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: mine ? 'action.selected' : 'collectionBackground',
      }}
    >
      <Typography variant="caption" component="p" color="text.secondary">
        {who}
      </Typography>
      {mine ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      ) : (
        // The bot's words are model output: sanitised Markdown, never raw HTML.
        <Box sx={{ typography: 'body2', '& > :first-of-type': { mt: 0 }, '& > :last-child': { mb: 0 } }}>
          <Markdown text={text} />
        </Box>
      )}
    </Box>
  );
}

/** A refusal's message; a used-up quota's with the date it starts again (the server leaves it to the page). */
function withResetDate(error: ApiError, t: Translate): string {
  const at = error.code === 'quota_exceeded' ? error.fields?.resetsAt : undefined;
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime())) return error.message;
  const day = date.toLocaleDateString(currentFormattingLocale(), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return t('bots.tryIt.quotaResets', { message: error.message, date: day });
}
