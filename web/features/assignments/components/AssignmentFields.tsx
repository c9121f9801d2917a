import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_INSTRUCTIONS_MAX, ASSIGNMENT_TITLE_MAX, MESSAGE_BUDGET_MAX } from '../../../../contract/assignments';
import { isLocale } from '../../../../contract/locale';
import { trophyRuleKinds, type TrophyRuleKind, type TrophyRules } from '../../../../contract/trophies';
import { languageNames, useT } from '../../../lib/i18n';
import { trophyRuleKeys } from '../model/labels';
import type { AssignmentForm, FormErrors } from '../model/form';

/** The select's value for "the student's language" (a select's value cannot be null). */
const STUDENT_LANGUAGE = 'student';

/** Title, instructions, due date, message limit and trophy rules: the fields the New and Edit dialogs share. */
export function AssignmentFields({
  form,
  errors,
  disabled,
  onChange,
}: {
  form: AssignmentForm;
  errors: FormErrors;
  disabled: boolean;
  onChange: (patch: Partial<AssignmentForm>) => void;
}) {
  const t = useT();
  return (
    <Stack spacing={2}>
      <TextField
        label={t('assignments.titleLabel')}
        required
        value={form.title}
        onChange={(e) => onChange({ title: e.target.value })}
        error={Boolean(errors.title)}
        helperText={errors.title}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: ASSIGNMENT_TITLE_MAX } }}
        fullWidth
      />
      <TextField
        label={t('assignments.instructionsLabel')}
        value={form.instructions}
        onChange={(e) => onChange({ instructions: e.target.value })}
        error={Boolean(errors.instructions)}
        helperText={errors.instructions ?? t('assignments.instructionsHelp')}
        disabled={disabled}
        multiline
        minRows={3}
        maxRows={10}
        slotProps={{ htmlInput: { maxLength: ASSIGNMENT_INSTRUCTIONS_MAX } }}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('assignments.dueLabel')}
          type="date"
          value={form.due}
          onChange={(e) => onChange({ due: e.target.value })}
          error={Boolean(errors.due)}
          helperText={errors.due ?? t('assignments.dueHelp')}
          disabled={disabled}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label={t('assignments.budgetLabel')}
          type="number"
          value={form.budget}
          onChange={(e) => onChange({ budget: e.target.value })}
          error={Boolean(errors.budget)}
          helperText={errors.budget ?? t('assignments.budgetHelp')}
          disabled={disabled}
          slotProps={{ htmlInput: { min: 1, max: MESSAGE_BUDGET_MAX, step: 1, inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <TextField
        select
        label={t('assignments.responseLanguageLabel')}
        value={form.responseLanguage ?? STUDENT_LANGUAGE}
        onChange={(e) => onChange({ responseLanguage: isLocale(e.target.value) ? e.target.value : null })}
        error={Boolean(errors.responseLanguage)}
        helperText={errors.responseLanguage ?? t('assignments.responseLanguageHelp')}
        disabled={disabled}
        fullWidth
      >
        <MenuItem value={STUDENT_LANGUAGE}>{t('assignments.responseLanguageStudent')}</MenuItem>
        {/* Each language in its own name ("English", "Español"), as language pickers show them. */}
        <MenuItem value="en" lang="en">
          {languageNames.en}
        </MenuItem>
        <MenuItem value="es" lang="es">
          {languageNames.es}
        </MenuItem>
      </TextField>
      <TrophyRuleSwitches rules={form.trophyRules} disabled={disabled} onChange={(trophyRules) => onChange({ trophyRules })} />
    </Stack>
  );
}

/** One switch per automatic trophy rule, each with the words the teacher reads about it. */
function TrophyRuleSwitches({
  rules,
  disabled,
  onChange,
}: {
  rules: TrophyRules;
  disabled: boolean;
  onChange: (rules: TrophyRules) => void;
}) {
  const t = useT();
  return (
    <FormControl component="fieldset" variant="standard" disabled={disabled}>
      <FormLabel component="legend">{t('assignments.trophies.rulesHeading')}</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>{t('assignments.trophies.rulesHelp')}</FormHelperText>
      <FormGroup>
        {trophyRuleKinds.map((k) => (
          <RuleSwitch key={k} kind={k} checked={rules[k]} onChange={(on) => onChange({ ...rules, [k]: on })} />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/** A rule's switch, named by its label and described by what it rewards. */
function RuleSwitch({ kind, checked, onChange }: { kind: TrophyRuleKind; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const t = useT();
  const keys = trophyRuleKeys[kind];
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mt: 1, mr: 0 }}
      control={
        <Switch
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId } }}
          sx={{ mt: -0.75 }}
        />
      }
      label={
        <>
          <Typography id={labelId} component="span" sx={{ display: 'block' }}>
            {t(keys.label)}
          </Typography>
          <Typography id={descriptionId} component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t(keys.description)}
          </Typography>
        </>
      }
    />
  );
}
