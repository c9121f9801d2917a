import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ASSIGNMENT_INSTRUCTIONS_MAX, ASSIGNMENT_TITLE_MAX, MESSAGE_BUDGET_MAX } from '../../../../contract/assignments';
import { strings } from '../../../lib/strings';
import type { AssignmentForm, FormErrors } from '../model/form';

const s = strings.assignments;

/** Title, instructions, due date and message limit: the fields the New and Edit dialogs share. */
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
  return (
    <Stack spacing={2}>
      <TextField
        label={s.titleLabel}
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
        label={s.instructionsLabel}
        value={form.instructions}
        onChange={(e) => onChange({ instructions: e.target.value })}
        error={Boolean(errors.instructions)}
        helperText={errors.instructions ?? s.instructionsHelp}
        disabled={disabled}
        multiline
        minRows={3}
        maxRows={10}
        slotProps={{ htmlInput: { maxLength: ASSIGNMENT_INSTRUCTIONS_MAX } }}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={s.dueLabel}
          type="date"
          value={form.due}
          onChange={(e) => onChange({ due: e.target.value })}
          error={Boolean(errors.due)}
          helperText={errors.due ?? s.dueHelp}
          disabled={disabled}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label={s.budgetLabel}
          type="number"
          value={form.budget}
          onChange={(e) => onChange({ budget: e.target.value })}
          error={Boolean(errors.budget)}
          helperText={errors.budget ?? s.budgetHelp}
          disabled={disabled}
          slotProps={{ htmlInput: { min: 1, max: MESSAGE_BUDGET_MAX, step: 1, inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
      </Stack>
    </Stack>
  );
}
