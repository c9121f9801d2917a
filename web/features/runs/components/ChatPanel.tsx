import { useEffect, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ReplayIcon from '@mui/icons-material/Replay';
import { preloadMarkdown } from '../../../components/markdown/Markdown';
import { messageText } from '../../../lib/conversations/chatTransport';
import { useReadAloud } from '../../../lib/speech/useReadAloud';
import { useT } from '../../../lib/i18n';
import { useFollowStream } from '../hooks/useFollowStream';
import type { RunChat } from '../hooks/useRunChat';
import { AiErrorAlert } from './AiErrorAlert';
import { Composer } from './Composer';
import { LiveStatus } from './LiveStatus';
import { MessageList } from './MessageList';

export interface ChatPanelProps {
  chat: RunChat;
  botName: string;
  /** Shown first, never sent. */
  welcome: string;
  /** Offered while the conversation is empty. */
  starters: readonly string[];
  /** Why Send is off, said under the box. */
  blockedReason: string | null;
  /** Turns what was typed into what is sent (a teacher's attached file), once per send. */
  prepare?: (text: string) => string;
  /** Text may be sent without typing (an attachment alone). */
  allowEmpty?: boolean;
  /** Controls under the message box. */
  composerExtra?: ReactNode;
  /** Under the message box, inside its panel. */
  composerFooter?: ReactNode;
  /** Label and placeholder of the message box, when not the runner's usual ones. */
  composerLabel?: string;
  composerPlaceholder?: string;
  /**
   * Said instead of the message box when nothing more may be sent (a student's budget used up,
   * work handed in). The box stays while a reply is being written, so Stop remains.
   */
  closed?: ReactNode;
  /** Regenerate is offered after a finished reply (default: yes). */
  regenerate?: boolean;
  /** How a failed action is told (default: the server's message with Try again). */
  renderError?: (error: unknown, retry: (() => void) | undefined) => ReactNode;
  transcriptRef?: Ref<HTMLDivElement>;
  /**
   * Read-aloud on each finished reply and dictation in the message box, with the browser's own
   * speech, each only where the browser has it (the tutor chat, for young readers and learners).
   */
  speech?: boolean;
  /** "Report this answer" on each stored reply (the runner opens its dialog; stable across renders). */
  onReport?: (messageId: string) => void;
  /** Replies already reported (marked instead of the button). */
  reported?: ReadonlySet<string>;
}

/**
 * The chat of a run, as every chat runner shows it: the conversation following its newest text,
 * starter prompts, Regenerate, what went wrong, and the message box that sticks to the bottom.
 * The runner around it decides what is sent, where (useRunChat's endpoint), and what goes under the box.
 */
export function ChatPanel({
  chat,
  botName,
  welcome,
  starters,
  blockedReason,
  prepare,
  allowEmpty = false,
  composerExtra,
  composerFooter,
  composerLabel,
  composerPlaceholder,
  closed,
  regenerate = true,
  renderError,
  transcriptRef,
  speech = false,
  onReport,
  reported,
}: ChatPanelProps) {
  const t = useT();
  useEffect(preloadMarkdown, []);
  const readAloud = useReadAloud();
  const stopReading = readAloud.stop;
  // Follow the newest text while it streams, unless the reader scrolled up to read.
  const last = chat.messages.at(-1);
  const follow = useFollowStream(`${chat.messages.length}:${last ? messageText(last).length : 0}:${chat.status}`);

  const canRegenerate =
    regenerate && !chat.busy && last?.role === 'assistant' && last.metadata?.status !== 'streaming' && last.metadata?.status !== 'blocked';
  const send = (text: string) => {
    const full = prepare ? prepare(text) : text;
    // Whoever sends wants to see the answer: follow again from wherever they had scrolled.
    follow.jump();
    stopReading();
    void chat.send(full);
  };
  const regenerateReply = () => {
    stopReading();
    void chat.regenerate();
  };
  const retry = chat.refused ? undefined : regenerateReply;
  const showClosed = closed !== undefined && closed !== null && !chat.busy;

  return (
    <Stack spacing={2} sx={{ minWidth: 0, flex: 1 }}>
      <LiveStatus status={chat.status} stopped={chat.stopped.size} settling={chat.settling} />
      <Box ref={transcriptRef}>
        <MessageList
          chat={chat}
          botName={botName}
          welcome={welcome}
          readAloud={speech ? readAloud : undefined}
          onReport={onReport}
          reported={reported}
        />
      </Box>
      {chat.messages.length === 0 && starters.length > 0 && !showClosed && (
        <Box>
          <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
            {t('runs.starters')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {starters.map((p) => (
              <Chip
                key={p}
                label={p}
                onClick={() => send(p)}
                disabled={chat.busy || blockedReason !== null}
                variant="outlined"
                sx={{ height: 'auto', py: 0.75, '& .MuiChip-label': { whiteSpace: 'normal' } }}
              />
            ))}
          </Stack>
        </Box>
      )}
      {canRegenerate && (
        <Box>
          <Button startIcon={<ReplayIcon />} onClick={regenerateReply} size="small">
            {t('runs.composer.regenerate')}
          </Button>
        </Box>
      )}
      {chat.error !== null &&
        chat.error !== undefined &&
        (renderError ? renderError(chat.error, retry) : <AiErrorAlert error={chat.error} onRetry={retry} />)}
      {showClosed ? (
        closed
      ) : (
        <Box sx={{ position: 'sticky', bottom: 8, zIndex: 1 }}>
          {follow.showJump && (
            <Button
              variant="contained"
              size="small"
              startIcon={<ArrowDownwardIcon />}
              onClick={follow.jump}
              sx={{ position: 'absolute', bottom: 'calc(100% + 8px)', left: '50%', transform: 'translateX(-50%)', borderRadius: 4 }}
            >
              {t('runs.chat.jumpToNewest')}
            </Button>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
            <Composer
              busy={chat.busy}
              canStop={chat.status === 'streaming' || chat.status === 'submitted'}
              onSend={send}
              onStop={() => void chat.stop()}
              returned={chat.returnedText}
              allowEmpty={allowEmpty}
              blockedReason={blockedReason}
              label={composerLabel}
              placeholder={composerPlaceholder}
              extra={composerExtra}
              dictation={speech}
              warnOnLeave
            />
            {composerFooter}
          </Paper>
        </Box>
      )}
    </Stack>
  );
}
