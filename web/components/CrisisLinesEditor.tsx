import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { CRISIS_LINES_MAX, CRISIS_LINE_NAME_MAX, type CrisisLine, type CrisisLines } from '../../contract/crisis-lines';
import { useT } from '../lib/i18n';

/** A line as the form holds it: every field text, empty for none. */
export interface LineDraft {
  name: string;
  call: string;
  sms: string;
  smsWord: string;
  web: string;
}
export interface LinesDraft {
  country: string;
  emergency: string;
  lines: LineDraft[];
}

const emptyLine: LineDraft = { name: '', call: '', sms: '', smsWord: '', web: '' };

/** The form's draft of a set of lines (a copy of `lines`, or one empty line). */
export function draftOf(lines: CrisisLines | null | undefined): LinesDraft {
  if (!lines) return { country: '', emergency: '', lines: [{ ...emptyLine }] };
  return {
    country: lines.country,
    emergency: lines.emergency,
    lines: lines.lines.map((l) => ({ name: l.name, call: l.call ?? '', sms: l.sms ?? '', smsWord: l.smsWord ?? '', web: l.web ?? '' })),
  };
}

/** The draft as the request sends it: empty fields left out (the server checks the rest). */
export function linesOf(draft: LinesDraft): CrisisLines {
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  return {
    country: draft.country.trim(),
    emergency: draft.emergency.trim(),
    lines: draft.lines.map((l): CrisisLine => ({
      name: l.name.trim(),
      call: optional(l.call),
      sms: optional(l.sms),
      smsWord: optional(l.smsWord),
      web: optional(l.web),
    })),
  };
}

/**
 * The fields of one set of crisis lines (docs/product/safety.md#crisis-lines): the country, its
 * emergency number and up to five lines, each with a number to call, a number to text (and the
 * word to text), a web address. `errors` are the server's, by field path under `prefix`.
 */
export function CrisisLinesEditor({
  idPrefix,
  draft,
  onChange,
  errors,
  prefix,
}: {
  idPrefix: string;
  draft: LinesDraft;
  onChange: (draft: LinesDraft) => void;
  errors: Record<string, string>;
  prefix: string;
}) {
  const t = useT();
  const err = (path: string) => errors[`${prefix}.${path}`];
  const setLine = (i: number, patch: Partial<LineDraft>) =>
    onChange({ ...draft, lines: draft.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          id={`${idPrefix}-country`}
          label={t('crisisLines.country')}
          value={draft.country}
          onChange={(e) => onChange({ ...draft, country: e.target.value })}
          error={Boolean(err('country'))}
          helperText={err('country') ?? t('crisisLines.countryHelp')}
          slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }}
          size="small"
        />
        <TextField
          id={`${idPrefix}-emergency`}
          label={t('crisisLines.emergency')}
          value={draft.emergency}
          onChange={(e) => onChange({ ...draft, emergency: e.target.value })}
          error={Boolean(err('emergency'))}
          helperText={err('emergency') ?? t('crisisLines.emergencyHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          size="small"
        />
      </Stack>
      {draft.lines.map((line, i) => (
        <Paper key={i} variant="outlined" component="fieldset" sx={{ p: 1.5, m: 0, minWidth: 0 }}>
          <Box component="legend" sx={{ px: 0.5, typography: 'subtitle2' }}>
            {t('crisisLines.lineN', { n: i + 1 })}
          </Box>
          {err(`lines.${i}`) && (
            <Typography color="error" variant="body2" sx={{ mb: 1 }}>
              {err(`lines.${i}`)}
            </Typography>
          )}
          <Box
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr 1fr 1.5fr auto' }, alignItems: 'start' }}
          >
            <TextField
              id={`${idPrefix}-line${i}-name`}
              label={t('crisisLines.name')}
              value={line.name}
              onChange={(e) => setLine(i, { name: e.target.value })}
              error={Boolean(err(`lines.${i}.name`))}
              helperText={err(`lines.${i}.name`)}
              slotProps={{ htmlInput: { maxLength: CRISIS_LINE_NAME_MAX } }}
              size="small"
            />
            <TextField
              id={`${idPrefix}-line${i}-call`}
              label={t('crisisLines.call')}
              value={line.call}
              onChange={(e) => setLine(i, { call: e.target.value })}
              error={Boolean(err(`lines.${i}.call`))}
              helperText={err(`lines.${i}.call`)}
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
              size="small"
            />
            <TextField
              id={`${idPrefix}-line${i}-sms`}
              label={t('crisisLines.sms')}
              value={line.sms}
              onChange={(e) => setLine(i, { sms: e.target.value })}
              error={Boolean(err(`lines.${i}.sms`))}
              helperText={err(`lines.${i}.sms`)}
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
              size="small"
            />
            <TextField
              id={`${idPrefix}-line${i}-word`}
              label={t('crisisLines.smsWord')}
              value={line.smsWord}
              onChange={(e) => setLine(i, { smsWord: e.target.value })}
              error={Boolean(err(`lines.${i}.smsWord`))}
              helperText={err(`lines.${i}.smsWord`)}
              size="small"
            />
            <TextField
              id={`${idPrefix}-line${i}-web`}
              label={t('crisisLines.web')}
              value={line.web}
              onChange={(e) => setLine(i, { web: e.target.value })}
              error={Boolean(err(`lines.${i}.web`))}
              helperText={err(`lines.${i}.web`)}
              size="small"
            />
            <IconButton
              aria-label={t('crisisLines.removeLine', { n: i + 1 })}
              onClick={() => onChange({ ...draft, lines: draft.lines.filter((_, j) => j !== i) })}
              disabled={draft.lines.length === 1}
            >
              <DeleteOutline />
            </IconButton>
          </Box>
        </Paper>
      ))}
      <Box>
        <Button
          variant="outlined"
          size="small"
          disabled={draft.lines.length >= CRISIS_LINES_MAX}
          onClick={() => onChange({ ...draft, lines: [...draft.lines, { ...emptyLine }] })}
        >
          {t('crisisLines.addLine')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The end of a crisis-lines form (the school's safety card, superDash's tab): what went wrong
 * (the fields to fix, else the server's message), "Saved", and the submit button.
 */
export function CrisisLinesSaveFooter({
  error,
  fieldsInvalid,
  saved,
  pending,
}: {
  error: Error | null;
  fieldsInvalid: boolean;
  saved: boolean;
  pending: boolean;
}) {
  const t = useT();
  return (
    <>
      {error && <Alert severity="error">{fieldsInvalid ? t('schoolSafety.fixFields') : error.message}</Alert>}
      {saved && <Alert severity="success">{t('schoolSafety.saved')}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={pending}>
          {t('schoolSafety.save')}
        </Button>
      </div>
    </>
  );
}
