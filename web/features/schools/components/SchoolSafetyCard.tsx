import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countryName, REPORTING_GUIDANCE_MAX, type SchoolSafetyView } from '../../../../contract/crisis-lines';
import { ApiError } from '../../../lib/http';
import { useLanguage, useT } from '../../../lib/i18n';
import { useSaveSchoolSafety, useSchoolSafety } from '../api/schoolSafety';
import { CrisisLinesEditor, CrisisLinesSaveFooter, draftOf, linesOf, type LinesDraft } from '../../../components/CrisisLinesEditor';

/**
 * The school admin's safety settings (docs/product/safety.md#crisis-lines): the crisis lines the
 * school's students are given (else the installation's, else the US defaults), and the reporting
 * guidance shown on every safeguarding flag of the school's teachers.
 */
export function SchoolSafetyCard() {
  const t = useT();
  const query = useSchoolSafety();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="school-safety-title"
      sx={{ p: 2, mt: 3, mb: 2 }}
      data-testid="school-safety"
    >
      <Typography id="school-safety-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
        {t('schoolSafety.title')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t('schoolSafety.intro')}
      </Typography>
      {query.isError ? (
        <Alert severity="error">{t('schoolSafety.loadFailed')}</Alert>
      ) : query.data ? (
        <SafetyForm view={query.data} />
      ) : null}
    </Paper>
  );
}

function SafetyForm({ view }: { view: SchoolSafetyView }) {
  const t = useT();
  const { locale } = useLanguage();
  const save = useSaveSchoolSafety();
  const [own, setOwn] = useState(view.crisisLines !== null);
  const [draft, setDraft] = useState<LinesDraft>(draftOf(view.crisisLines));
  const [guidance, setGuidance] = useState(view.reportingGuidance ?? '');
  const [saved, setSaved] = useState(false);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const inEffect = view.inEffect[locale.startsWith('es') ? 'es' : 'en'];
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate({ crisisLines: own ? linesOf(draft) : null, reportingGuidance: guidance }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="subtitle2" component="h3">
        {t('schoolSafety.linesTitle')}
      </Typography>
      <FormControlLabel control={<Switch checked={own} onChange={(e) => setOwn(e.target.checked)} />} label={t('schoolSafety.ownLines')} />
      {own ? (
        <CrisisLinesEditor idPrefix="school-lines" draft={draft} onChange={setDraft} errors={fields} prefix="crisisLines" />
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="school-lines-in-effect">
          {t('schoolSafety.inEffect', {
            country: countryName(inEffect.country, locale),
            lines: inEffect.lines.map((l) => l.name).join(', '),
            emergency: inEffect.emergency,
          })}
        </Typography>
      )}
      {/* A heading, not a floating label: the label of a box this wide is cut at phone width. */}
      <Typography variant="subtitle2" component="h3" id="school-reporting-guidance-title">
        {t('schoolSafety.guidance')}
      </Typography>
      <TextField
        id="school-reporting-guidance"
        value={guidance}
        onChange={(e) => setGuidance(e.target.value)}
        multiline
        minRows={3}
        error={Boolean(fields.reportingGuidance)}
        helperText={fields.reportingGuidance ?? t('schoolSafety.guidanceHelp')}
        slotProps={{ htmlInput: { maxLength: REPORTING_GUIDANCE_MAX, 'aria-labelledby': 'school-reporting-guidance-title' } }}
      />
      <CrisisLinesSaveFooter error={save.error} fieldsInvalid={Object.keys(fields).length > 0} saved={saved} pending={save.isPending} />
    </Stack>
  );
}
