import { useId, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { gradeLevels, type FormInput, type GradeLevel } from '../../../../contract/bots';
import { useT, type Translate } from '../../../lib/i18n';
import { gradeLevelLabel } from '../../../lib/i18n/gradeLevels';

export type FormState = Record<string, string>;

/** The empty choice of an optional list (a dash, not a word). */
const noChoice = '—';

const gradeKey = 'classbots.lastGradeLevel';

/** The teacher's last grade level, offered again in every grade field (docs/decisions/071-the-docbot-runner.md). */
export const lastGrade = {
  get: (): string | null => {
    try {
      return localStorage.getItem(gradeKey);
    } catch {
      return null;
    }
  },
  set: (grade: string) => {
    try {
      localStorage.setItem(gradeKey, grade);
    } catch {
      // private mode: nothing to remember
    }
  },
};

/** An answer as the teacher reads it: a list's option or a grade level in the page's language, the rest as typed. */
export function answerLabel(input: FormInput, value: string, t: Translate): string {
  if (input.kind === 'select') return input.optionLabels?.[input.options.indexOf(value)] ?? value;
  if (input.kind === 'grade_level' && (gradeLevels as readonly string[]).includes(value)) return gradeLevelLabel(value as GradeLevel, t);
  return value;
}

/** The form's first values: each field's default; grade fields the last grade used. */
export function initialFormState(inputs: readonly FormInput[]): FormState {
  const remembered = lastGrade.get();
  const state: FormState = {};
  for (const input of inputs) {
    if (input.kind === 'grade_level')
      state[input.key] = input.default ?? (remembered && (gradeLevels as readonly string[]).includes(remembered) ? remembered : '');
    else state[input.key] = input.default === undefined ? '' : String(input.default);
  }
  return state;
}

interface Props {
  inputs: readonly FormInput[];
  values: FormState;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  disabled: boolean;
  /** Why Generate is off (no AI here, the month's generations used up), said next to it. */
  blockedReason?: string | null;
}

/** A DocBot's form: every field labelled, required ones marked, help and errors under each. */
export function DocForm({ inputs, values, errors, onChange, onSubmit, busy, disabled, blockedReason = null }: Props) {
  const t = useT();
  const reasonId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blockedReason) onSubmit();
  };
  const hasRequired = inputs.some((i) => i.required);
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('runs.doc.formTitle')}>
      <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
        {t('runs.doc.formTitle')}
      </Typography>
      {hasRequired && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('runs.doc.requiredHint')}
        </Typography>
      )}
      <Stack spacing={2}>
        {inputs.map((input) => {
          const common = {
            id: `docform-${input.key}`,
            label: input.label,
            required: input.required,
            value: values[input.key] ?? '',
            error: Boolean(errors[input.key]),
            helperText: errors[input.key] ?? input.help ?? ' ',
            disabled,
            fullWidth: true,
            onChange: (e: { target: { value: string } }) => onChange(input.key, e.target.value),
          };
          switch (input.kind) {
            case 'long_text':
              return <TextField key={input.key} {...common} multiline minRows={3} maxRows={12} />;
            case 'number':
              return (
                <TextField
                  key={input.key}
                  {...common}
                  type="number"
                  slotProps={{
                    htmlInput: { min: input.min, max: input.max, inputMode: 'decimal' },
                    input: input.unit ? { endAdornment: <InputAdornment position="end">{input.unit}</InputAdornment> } : undefined,
                  }}
                />
              );
            case 'select':
              return (
                <TextField key={input.key} {...common} select>
                  {!input.required && <MenuItem value="">{noChoice}</MenuItem>}
                  {input.options.map((o, i) => (
                    <MenuItem key={o} value={o}>
                      {input.optionLabels?.[i] ?? o}
                    </MenuItem>
                  ))}
                </TextField>
              );
            case 'grade_level':
              return (
                <TextField key={input.key} {...common} select>
                  {!input.required && <MenuItem value="">{noChoice}</MenuItem>}
                  {gradeLevels.map((g) => (
                    <MenuItem key={g} value={g}>
                      {gradeLevelLabel(g, t)}
                    </MenuItem>
                  ))}
                </TextField>
              );
            default:
              return <TextField key={input.key} {...common} />;
          }
        })}
      </Stack>
      {!disabled && (
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<AutoAwesomeIcon />}
          disabled={busy || blockedReason !== null}
          aria-describedby={blockedReason ? reasonId : undefined}
          sx={{ mt: 1 }}
        >
          {busy ? t('runs.doc.generating') : t('runs.doc.generate')}
        </Button>
      )}
      {!disabled && blockedReason && (
        <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="generate-blocked">
          {blockedReason}
        </Typography>
      )}
    </Box>
  );
}
