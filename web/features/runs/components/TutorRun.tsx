import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { BotDetail } from '../../../../contract/bots';
import { useAppState } from '../../../lib/app-state/AppState';
import { useT } from '../../../lib/i18n';
import type { RunRouteName } from '../hooks/useRunRoute';
import { useRunRoute } from '../hooks/useRunRoute';
import { ChatRunner } from './ChatRunner';
import { ConversationGate } from './ConversationGate';

/**
 * A TutorBot as its students meet it: the welcome message and the chat, nothing else. Opened by
 * its teacher (run-tutor-bot, or the student view's preview) it is that same view. The top bar
 * shows the tutor's name through tutorContent.
 */
export function TutorRun({
  bot,
  route: routeName,
  assignmentId,
}: {
  bot: Extract<BotDetail, { kind: 'TutorBot' }>;
  route: RunRouteName;
  assignmentId: string | null;
}) {
  const t = useT();
  const route = useRunRoute(routeName);
  const { setTutorContent } = useAppState();
  useEffect(() => {
    setTutorContent({ botId: bot.id, botName: bot.name, assignmentId, assignmentTitle: null, teacherName: null });
    return () => setTutorContent(null);
  }, [setTutorContent, bot.id, bot.name, assignmentId]);
  return (
    <>
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" startIcon={<RestartAltIcon />} onClick={route.openNew}>
            {t('runs.tutor.startOver')}
          </Button>
        }
      >
        {t('runs.tutor.previewBanner')}
      </Alert>
      <Box>
        <ConversationGate
          key={route.sessionKey}
          res={route.params.res}
          conversationId={route.conversationId}
          isNew={route.isNew}
          botId={bot.id}
          savedKind="conversation"
          onStartNew={route.openNew}
        >
          {(start) => <ChatRunner bot={bot} initial={start.conversation} onCreated={route.adoptConversation} tutor />}
        </ConversationGate>
      </Box>
    </>
  );
}
