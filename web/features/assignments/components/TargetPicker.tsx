import { useQueries, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { classListQuery, rosterQuery } from '../../students';
import { useT } from '../../../lib/i18n';
import { classLabel } from '../model/labels';

interface StudentOption {
  /** The roster entry id (what studentIds names). */
  id: string;
  name: string;
  email: string;
  group: string;
}

/**
 * Whole classes (checkboxes of GET /api/classes) and single students (from those classes'
 * rosters). `taken` are classes and addresses already on the assignment (Edit): shown, not picked again.
 */
export function TargetPicker({
  classIds,
  studentIds,
  onChange,
  error,
  disabled,
  taken,
}: {
  classIds: string[];
  studentIds: string[];
  onChange: (next: { classIds: string[]; studentIds: string[] }) => void;
  error?: string;
  disabled?: boolean;
  taken?: { classIds: Set<string>; emails: Set<string> };
}) {
  const t = useT();
  const list = useQuery(classListQuery());
  const classes = list.data?.classes ?? [];
  const rosters = useQueries({ queries: classes.map((c) => rosterQuery(c.id)) });
  const options: StudentOption[] = classes.flatMap((c, i) =>
    (rosters[i]?.data?.students ?? []).map((st) => ({ id: st.id, name: st.name, email: st.email, group: classLabel(c) })),
  );
  const chosen = options.filter((o) => studentIds.includes(o.id));

  const toggleClass = (id: string, on: boolean) =>
    onChange({ classIds: on ? [...classIds, id] : classIds.filter((c) => c !== id), studentIds });

  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel component="legend">{t('assignments.assignTo')}</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>{t('assignments.assignToHelp')}</FormHelperText>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      {list.isSuccess && classes.length === 0 && (
        <Alert severity="info" sx={{ my: 1 }}>
          {t('assignments.emptyNoClasses')}
        </Alert>
      )}
      {classes.length > 0 && (
        <FormGroup sx={{ my: 1 }}>
          {classes.map((c) => {
            const already = taken?.classIds.has(c.id) ?? false;
            return (
              <FormControlLabel
                key={c.id}
                control={
                  <Checkbox
                    checked={already || classIds.includes(c.id)}
                    disabled={already}
                    onChange={(e) => toggleClass(c.id, e.target.checked)}
                  />
                }
                label={t(already ? 'assignments.classOptionTaken' : 'assignments.classOption', { label: classLabel(c), n: c.studentCount })}
                sx={{ overflowWrap: 'anywhere' }}
              />
            );
          })}
        </FormGroup>
      )}
      {classes.length > 0 && (
        <Autocomplete
          multiple
          options={options}
          value={chosen}
          groupBy={(o) => o.group}
          getOptionLabel={(o) => `${o.name} (${o.email})`}
          getOptionKey={(o) => `${o.group}:${o.id}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionDisabled={(o) => taken?.emails.has(o.email.toLowerCase()) ?? false}
          onChange={(_e, next) => onChange({ classIds, studentIds: next.map((o) => o.id) })}
          noOptionsText={t('assignments.noOptions')}
          openText={t('common.open')}
          closeText={t('common.close')}
          clearText={t('common.clear')}
          disabled={disabled}
          filterSelectedOptions
          renderInput={(params) => (
            <TextField {...params} label={t('assignments.studentsLabel')} helperText={t('assignments.studentsHelp')} />
          )}
          sx={{ mt: 1 }}
        />
      )}
      {error && <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
}
