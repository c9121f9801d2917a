import Stack from '@mui/material/Stack';
import type { BotDetail } from '../../../../contract/bots';
import { useRunRoute } from '../hooks/useRunRoute';
import { ChatRunner } from './ChatRunner';
import { ConversationGate } from './ConversationGate';
import { ConversationList } from './ConversationList';
import { RunnerShell } from './RunnerShell';

function ChatRun({ bot }: { bot: Extract<BotDetail, { kind: 'ChatBot' }> }) {
  const route = useRunRoute('runChatBot');
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'flex-start' } }}>
      <ConversationList botId={bot.id} currentId={route.conversationId} onOpen={route.openConversation} onNew={route.openNew} />
      <ConversationGate
        key={route.sessionKey}
        res={route.params.res}
        conversationId={route.conversationId}
        isNew={route.isNew}
        botId={bot.id}
        savedKind="conversation"
        onStartNew={route.openNew}
      >
        {(start) => (
          <ChatRunner
            bot={bot}
            initial={start.conversation}
            saved={start.saved}
            onCreated={route.adoptConversation}
            onSaved={route.adoptSaved}
          />
        )}
      </ConversationGate>
    </Stack>
  );
}

/** /run-chat-bot/{id}/{shared}/{res}/{uid}/{sid}: chat with a ChatBot. */
export default function RunChatBotPage() {
  const { params } = useRunRoute('runChatBot');
  return (
    <RunnerShell routeKey={params} kind="ChatBot">
      {(bot) => bot.kind === 'ChatBot' && <ChatRun bot={bot} />}
    </RunnerShell>
  );
}
