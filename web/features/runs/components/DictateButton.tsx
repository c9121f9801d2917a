import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MicIcon from '@mui/icons-material/Mic';
import MicOutlined from '@mui/icons-material/MicOutlined';
import type { DictationProblem } from '../../../lib/speech/support';
import { useT, type MessageId } from '../../../lib/i18n';

/** Between "Listening…" and the words heard (a separator, not a word). */
const space = ' ';

/** Why dictation stopped, as the student is told it. */
const problemIds: Record<DictationProblem, MessageId> = {
  blocked: 'runs.speech.problem.blocked',
  noMicrophone: 'runs.speech.problem.noMicrophone',
  noSpeech: 'runs.speech.problem.noSpeech',
  failed: 'runs.speech.problem.failed',
};

/** The microphone beside Send: press to dictate, press again to stop. Never sends. */
export function DictateButton({ listening, disabled, onClick }: { listening: boolean; disabled: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <IconButton
      onClick={onClick}
      disabled={disabled}
      aria-label={listening ? t('runs.speech.stopDictating') : t('runs.speech.dictate')}
      aria-pressed={listening}
      sx={{
        flexShrink: 0,
        width: 48,
        height: 56,
        borderRadius: 1,
        border: 1,
        borderColor: listening ? 'primary.main' : 'divider',
        color: listening ? 'primary.contrastText' : 'primary.main',
        bgcolor: listening ? 'primary.main' : 'transparent',
        '&:hover': { bgcolor: listening ? 'primary.dark' : 'action.hover' },
      }}
    >
      {listening ? <MicIcon /> : <MicOutlined />}
    </IconButton>
  );
}

/** Under the box: what is being heard, or why dictation stopped, said calmly (a live region kept in place). */
export function DictationNote({ listening, interim, problem }: { listening: boolean; interim: string; problem: DictationProblem | null }) {
  const t = useT();
  return (
    <>
      <Box role="status" data-testid="dictation-problem" sx={{ typography: 'body2', color: 'text.secondary', mt: problem ? 0.5 : 0 }}>
        {problem ? t(problemIds[problem]) : ''}
      </Box>
      {listening && !problem && (
        <Box data-testid="dictation-interim" sx={{ typography: 'body2', color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
          {t('runs.speech.listening')}
          {interim && (
            <Box component="span" sx={{ fontStyle: 'italic' }}>
              {space}
              {interim}
            </Box>
          )}
        </Box>
      )}
    </>
  );
}
