import { useCallback, useMemo, useRef, useState } from 'react';
import Stack from '@mui/material/Stack';
import type { ConversationDetail } from '../../../../contract/ai';
import type { BotDetail } from '../../../../contract/bots';
import { ExportMenu, useSaveToSavedDocs } from '../../resources';
import { messageText } from '../../../lib/conversations/chatTransport';
import { useStartRun } from '../../../lib/conversations/startRun';
import { useT } from '../../../lib/i18n';
import { useRunChat } from '../hooks/useRunChat';
import { useAiUnavailable } from './AiStatusNotice';
import { AttachFile } from './AttachFile';
import { withAttachment, type Attachment } from '../api/attachment';
import { ChatPanel } from './ChatPanel';
import { SaveButton, SaveOutcome } from './SaveControl';
import type { SavedDetail } from '../../../../contract/saved';
import { SupportReportDialog } from '../report/ReportDialogs';

interface Props {
  bot: Extract<BotDetail, { kind: 'ChatBot' | 'TutorBot' }>;
  initial: ConversationDetail | null;
  /** The Saved Docs item reopened (`res`): saving again refreshes its transcript. */
  saved?: SavedDetail | null;
  onCreated: (conversationId: string) => void;
  onSaved?: (savedId: string) => void;
  /** The student's view (TutorBot): no starter prompts, attachments or saving; read-aloud and dictation as a student has them. */
  tutor?: boolean;
}

/** A teacher's chat run: streaming replies, Stop, Regenerate, starter prompts, attach a file, save. */
export function ChatRunner({ bot, initial, saved = null, onCreated, onSaved, tutor = false }: Props) {
  const t = useT();
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
  // "Report this answer": the reply being reported (a support ticket with this conversation).
  const [reporting, setReporting] = useState<string | null>(null);
  // The conversation as Markdown for Word and Copy: who spoke, then what they said.
  const transcript = useMemo(
    () => chat.messages.map((m) => `**${m.role === 'user' ? t('runs.message.you') : bot.name}:**\n\n${messageText(m)}`).join('\n\n'),
    [chat.messages, bot.name, t],
  );

  const starters = bot.kind === 'ChatBot' && !tutor ? bot.settings.starterPrompts : [];
  const prepare = (text: string) => {
    const full = withAttachment(text, attachment);
    setAttachment(null);
    return full;
  };

  return (
    <>
      <ChatPanel
        chat={chat}
        onReport={chat.conversationId ? setReporting : undefined}
        botName={bot.name}
        welcome={bot.settings.welcomeMessage}
        starters={starters}
        blockedReason={blockedReason}
        prepare={prepare}
        allowEmpty={attachment !== null}
        transcriptRef={transcriptRef}
        speech={tutor}
        composerExtra={
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
                label={t('runs.save.conversationButton')}
                disabled={chat.messages.length === 0 || chat.busy || !chat.conversationId}
                onSave={saveConversation}
              />
              <ExportMenu
                title={bot.name}
                fileName={t('saved.export.fileName', { name: bot.name, date: new Date() })}
                markdown={transcript}
                target={transcriptRef}
                disabled={chat.messages.length === 0 || chat.busy}
                size="small"
              />
            </Stack>
          )
        }
        composerFooter={
          tutor ? undefined : (
            <SaveOutcome
              state={save}
              onOverwrite={() => void save.overwrite().then((item) => item && onSaved?.(item.id))}
              onUseTheirs={save.acceptTheirs}
            />
          )
        }
      />
      {reporting && chat.conversationId && (
        <SupportReportDialog
          key={reporting}
          botName={bot.name}
          conversationId={chat.conversationId}
          messageId={reporting}
          onClose={() => setReporting(null)}
        />
      )}
    </>
  );
}
