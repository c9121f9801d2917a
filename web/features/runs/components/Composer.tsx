import { useCallback, useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import { useDictation } from '../../../lib/speech/useDictation';
import { useT } from '../../../lib/i18n';
import { LeaveDialog } from '../../../components/LeaveDialog';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges';
import { DictateButton, DictationNote } from './DictateButton';

interface Props {
  busy: boolean;
  /** Stop is offered while a reply streams. */
  canStop: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** A refused message handed back (its `at` changes each time). */
  returned: { text: string; at: number } | null;
  label?: string;
  placeholder?: string;
  sendLabel?: string;
  /** Extra controls under the box (attach a file). */
  extra?: React.ReactNode;
  /** Text that may be sent without typing (an attachment alone). */
  allowEmpty?: boolean;
  /** Why Send is off (no AI here, the month's generations used up), said under the box. */
  blockedReason?: string | null;
  /** A microphone button, where the browser can listen: what is heard is added to the box. */
  dictation?: boolean;
  /** Asks before leaving the page (a link, a reload, closing the tab) while the box holds words not sent. */
  warnOnLeave?: boolean;
}

/** Heard words after what was typed, with one space between. */
const appendSpoken = (typed: string, heard: string) => (typed === '' || /\s$/.test(typed) ? typed + heard : `${typed} ${heard}`);

/** On a phone Send and Stop are their icons (named for screen readers), so the box keeps its width in any language. */
const iconOnly = { minWidth: 56, px: 0 } as const;

/** The message box: Enter sends, Shift+Enter is a new line; Stop takes Send's place while a reply streams. */
export function Composer({
  busy,
  canStop,
  onSend,
  onStop,
  returned,
  label,
  placeholder,
  sendLabel,
  extra,
  allowEmpty = false,
  blockedReason = null,
  dictation = false,
  warnOnLeave = false,
}: Props) {
  const t = useT();
  const hintId = useId();
  const reasonId = useId();
  // On a phone the box stays within a quarter of the screen: it scrolls inside after three lines.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [seen, setSeen] = useState(returned?.at);
  // A draft is lost on leaving: ask first (issue 39, item 12). Sending empties the box, so a sent
  // message never asks.
  const { blocker } = useUnsavedChanges(warnOnLeave && text.trim() !== '');
  if (returned && returned.at !== seen) {
    setSeen(returned.at);
    setText(returned.text);
  }
  const canSend = !busy && !blockedReason && (allowEmpty || text.trim().length > 0);
  const addHeard = useCallback((heard: string) => setText((typed) => appendSpoken(typed, heard)), []);
  const dictate = useDictation(addHeard);
  const showMic = dictation && dictate.supported;
  const micOff = blockedReason !== null;
  const { stop: stopDictating } = dictate;
  useEffect(() => {
    if (micOff) stopDictating();
  }, [micOff, stopDictating]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    // Words still on their way belong to no message now: the box is emptied for the next one.
    dictate.cancel();
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <TextField
          label={label ?? t('runs.composer.label')}
          placeholder={placeholder ?? t('runs.composer.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={narrow ? 3 : 8}
          fullWidth
          slotProps={{ htmlInput: { 'aria-describedby': hintId } }}
        />
        {showMic && <DictateButton listening={dictate.listening} disabled={micOff} onClick={dictate.toggle} />}
        {canStop ? (
          <Button
            variant="outlined"
            color="secondary"
            onClick={onStop}
            startIcon={narrow ? undefined : <StopIcon />}
            aria-label={narrow ? t('runs.composer.stop') : undefined}
            sx={{ flexShrink: 0, minHeight: 56, ...(narrow && iconOnly) }}
          >
            {narrow ? <StopIcon /> : t('runs.composer.stop')}
          </Button>
        ) : (
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            aria-describedby={blockedReason ? reasonId : undefined}
            aria-label={narrow ? (sendLabel ?? t('runs.composer.send')) : undefined}
            endIcon={narrow ? undefined : <SendIcon />}
            sx={{ flexShrink: 0, minHeight: 56, ...(narrow && iconOnly) }}
          >
            {narrow ? <SendIcon /> : (sendLabel ?? t('runs.composer.send'))}
          </Button>
        )}
      </Stack>
      {showMic && <DictationNote listening={dictate.listening} interim={dictate.interim} problem={dictate.problem} />}
      {blockedReason && (
        <Box id={reasonId} data-testid="send-blocked" sx={{ typography: 'body2', color: 'text.secondary', mt: 0.5 }}>
          {blockedReason}
        </Box>
      )}
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 0.5, rowGap: 1 }}
      >
        {/* On narrow screens the hint is for screen readers only (there is no Enter key hint to see on a phone keyboard). */}
        <Box id={hintId} sx={{ typography: 'caption', color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
          {t('runs.composer.hint')}
        </Box>
        {extra}
      </Stack>
      {warnOnLeave && <LeaveDialog blocker={blocker} body={t('runs.composer.unsent')} />}
    </Box>
  );
}
