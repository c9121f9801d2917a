import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ReplayIcon from '@mui/icons-material/Replay';
import type { ConversationDetail } from '../../../../contract/ai';
import type { BotDetail } from '../../../../contract/bots';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { preloadMarkdown } from '../../../components/markdown/Markdown';
import { messageText } from '../../../lib/conversations/chatTransport';
import { useStartRun } from '../../../lib/conversations/startRun';
import { strings } from '../../../lib/strings';
import { useFollowStream } from '../hooks/useFollowStream';
import { useRunChat } from '../hooks/useRunChat';
import { AiErrorAlert } from './AiErrorAlert';
import { useAiUnavailable } from './AiStatusNotice';
import { AttachFile } from './AttachFile';
import { withAttachment, type Attachment } from '../api/attachment';
import { Composer } from './Composer';
import { LiveStatus } from './LiveStatus';
import { MessageList } from './MessageList';
import { SaveButton, SaveOutcome } from './SaveControl';
import { useSaveToSavedDocs } from '../../../lib/saved';
import type { SavedDetail } from '../../../../contract/saved';

const s = strings.runs;

interface Props {
  bot: Extract<BotDetail, { kind: 'ChatBot' | 'TutorBot' }>;
  initial: ConversationDetail | null;
  /** The Saved Docs item reopened (`res`): saving again refreshes its transcript. */
  saved?: SavedDetail | null;
  onCreated: (conversationId: string) => void;
  onSaved?: (savedId: string) => void;
  /** The student's view (TutorBot): no starter prompts, attachments or saving. */
  tutor?: boolean;
}

/** A chat run: streaming replies, Stop, Regenerate, starter prompts, attach a file, save. */
export function ChatRunner({ bot, initial, saved = null, onCreated, onSaved, tutor = false }: Props) {
  const { mutateAsync: startRun } = useStartRun();
  const createConversation = useCallback(async () => (await startRun({ botId: bot.id })).id, [startRun, bot.id]);
  const chat = useRunChat({ initial, createConversation, onCreated });
  const blockedReason = useAiUnavailable(chat.busy);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const save = useSaveToSavedDocs(saved);
  const saveConversation = () => {
    if (chat.conversationId) void save.saveConversation(chat.conversationId).then((item) => item && onSaved?.(item.id));
  };
  const transcriptRef = useRef<HTMLDivElement>(null);
  // The conversation as Markdown for Word and Copy: who spoke, then what they said.
  const transcript = useMemo(
    () => chat.messages.map((m) => `**${m.role === 'user' ? s.message.you : s.message.bot(bot.name)}:**\n\n${messageText(m)}`).join('\n\n'),
    [chat.messages, bot.name],
  );
  useEffect(preloadMarkdown, []);

  // Follow the newest text while it streams, unless the reader scrolled up to read.
  const last = chat.messages.at(-1);
  const follow = useFollowStream(`${chat.messages.length}:${last ? messageText(last).length : 0}:${chat.status}`);

  const welcome = bot.settings.welcomeMessage;
  const starters = bot.kind === 'ChatBot' && !tutor ? bot.settings.starterPrompts : [];
  const canRegenerate =
    !chat.busy && last?.role === 'assistant' && last.metadata?.status !== 'streaming' && last.metadata?.status !== 'blocked';
  const send = (text: string) => {
    const full = withAttachment(text, attachment);
    setAttachment(null);
    // Whoever sends wants to see the answer: follow again from wherever they had scrolled.
    follow.jump();
    void chat.send(full);
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0, flex: 1 }}>
      <LiveStatus status={chat.status} stopped={chat.stopped.size} settling={chat.settling} />
      <Box ref={transcriptRef}>
        <MessageList chat={chat} botName={bot.name} welcome={welcome} />
      </Box>
      {chat.messages.length === 0 && starters.length > 0 && (
        <Box>
          <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
            {s.starters}
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
          <Button startIcon={<ReplayIcon />} onClick={() => void chat.regenerate()} size="small">
            {s.composer.regenerate}
          </Button>
        </Box>
      )}
      {chat.error !== null && chat.error !== undefined && (
        <AiErrorAlert error={chat.error} onRetry={chat.refused ? undefined : () => void chat.regenerate()} />
      )}
      <Box sx={{ position: 'sticky', bottom: 8, zIndex: 1 }}>
        {follow.showJump && (
          <Button
            variant="contained"
            size="small"
            startIcon={<ArrowDownwardIcon />}
            onClick={follow.jump}
            sx={{ position: 'absolute', bottom: 'calc(100% + 8px)', left: '50%', transform: 'translateX(-50%)', borderRadius: 4 }}
          >
            {s.chat.jumpToNewest}
          </Button>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          <Composer
            busy={chat.busy}
            canStop={chat.status === 'streaming' || chat.status === 'submitted'}
            onSend={send}
            onStop={() => void chat.stop()}
            returned={chat.returnedText}
            allowEmpty={attachment !== null}
            blockedReason={blockedReason}
            extra={
              tutor ? undefined : (
                // On a phone one row that scrolls sideways, so the message box stays short.
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{
                    alignItems: 'center',
                    flexWrap: { xs: 'nowrap', sm: 'wrap' },
                    overflowX: { xs: 'auto', sm: 'visible' },
                    maxWidth: '100%',
                    rowGap: 1,
                    '& > *': { flexShrink: 0 },
                  }}
                >
                  <AttachFile value={attachment} onChange={setAttachment} disabled={chat.busy} />
                  <SaveButton
                    state={save}
                    label={s.save.conversationButton}
                    disabled={chat.messages.length === 0 || chat.busy || !chat.conversationId}
                    onSave={saveConversation}
                  />
                  <ExportMenu
                    title={bot.name}
                    markdown={transcript}
                    target={transcriptRef}
                    disabled={chat.messages.length === 0 || chat.busy}
                    size="small"
                  />
                </Stack>
              )
            }
          />
          {!tutor && (
            <SaveOutcome
              state={save}
              onOverwrite={() => void save.overwrite().then((item) => item && onSaved?.(item.id))}
              onUseTheirs={save.acceptTheirs}
            />
          )}
        </Paper>
      </Box>
    </Stack>
  );
}
