import { useState } from 'react';
import Stack from '@mui/material/Stack';
import type { BotDetail } from '../../../../contract/bots';
import { useRunRoute } from '../hooks/useRunRoute';
import { ConversationGate } from './ConversationGate';
import { ConversationList } from './ConversationList';
import { DocRunner } from './DocRunner';
import { initialFormState, type FormState } from './DocForm';
import { RunnerShell } from './RunnerShell';

function DocRun({ bot }: { bot: Extract<BotDetail, { kind: 'DocBot' }> }) {
  const route = useRunRoute('runDocBot');
  // Above the session: "change the answers and start again" keeps what was typed.
  const [values, setValues] = useState<FormState>(() => initialFormState(bot.settings.formInputs));
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'flex-start' } }}>
      <ConversationList botId={bot.id} currentId={route.conversationId} onOpen={route.openConversation} onNew={route.openNew} docs />
      <ConversationGate
        key={route.sessionKey}
        res={route.params.res}
        conversationId={route.conversationId}
        isNew={route.isNew}
        botId={bot.id}
        savedKind="document"
        onStartNew={route.openNew}
      >
        {(start) => (
          <DocRunner
            bot={bot}
            initial={start.conversation}
            saved={start.saved}
            onCreated={route.adoptConversation}
            onSaved={route.adoptSaved}
            onStartAgain={route.openNew}
            values={values}
            setValues={setValues}
          />
        )}
      </ConversationGate>
    </Stack>
  );
}

/** /run-doc-bot/{id}/{shared}/{res}/{uid}/{sid}: fill the form, Generate, refine the document. */
export default function RunDocBotPage() {
  const { params } = useRunRoute('runDocBot');
  return (
    <RunnerShell routeKey={params} kind="DocBot">
      {(bot) => bot.kind === 'DocBot' && <DocRun bot={bot} />}
    </RunnerShell>
  );
}
