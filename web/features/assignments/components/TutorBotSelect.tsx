import { useQuery } from '@tanstack/react-query';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { BotSummary } from '../../../../contract/bots';
import { tutorBotsQuery } from '../api/listTutorBots';
import { useT } from '../../../lib/i18n';

/** The TutorBots an assignment can use: the teacher's own and the built-in templates. */
export function useTutorBots() {
  const mine = useQuery(tutorBotsQuery('mine'));
  const templates = useQuery(tutorBotsQuery('templates'));
  const own = mine.data ?? [];
  const builtIn = templates.data ?? [];
  return {
    own,
    builtIn,
    all: [...own, ...builtIn],
    loading: mine.isPending || templates.isPending,
    failed: mine.isError || templates.isError,
  };
}

/**
 * The TutorBot an assignment uses: the teacher's own, then the built-in templates (labelled as
 * templates, which the server copies to the teacher). `onPick` hands over the bot, for the title.
 */
export function TutorBotSelect({
  value,
  onPick,
  error,
  disabled,
}: {
  value: string;
  onPick: (bot: BotSummary) => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const { own, builtIn, all, loading, failed } = useTutorBots();
  // A preselected bot shows once the lists arrive; until then the value is left empty for the Select.
  const known = all.some((b) => b.id === value);
  const help =
    error ?? t(failed ? 'assignments.botsLoadFailed' : own.length === 0 && !loading ? 'assignments.noTutorBots' : 'assignments.tutorHelp');

  return (
    <TextField
      select
      required
      label={t('assignments.tutorLabel')}
      value={known ? value : ''}
      onChange={(e) => {
        const bot = all.find((b) => b.id === e.target.value);
        if (bot) onPick(bot);
      }}
      error={Boolean(error) || failed}
      helperText={help}
      disabled={disabled || loading}
      fullWidth
    >
      {own.length > 0 && <ListSubheader>{t('assignments.yourTutorBots')}</ListSubheader>}
      {own.map((b) => (
        <MenuItem key={b.id} value={b.id} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {b.name}
        </MenuItem>
      ))}
      {builtIn.length > 0 && <ListSubheader>{t('assignments.templates')}</ListSubheader>}
      {builtIn.map((b) => (
        <MenuItem key={b.id} value={b.id} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {t('assignments.templateOption', { name: b.name })}
        </MenuItem>
      ))}
    </TextField>
  );
}
