import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { crisisLanguages, type InstallationCrisisLinesView } from '../../../../contract/crisis-lines';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useInstallationCrisisLines, useSaveInstallationCrisisLines } from './api/crisisLines';
import { CrisisLinesEditor, CrisisLinesSaveFooter, draftOf, linesOf, type LinesDraft } from '../../../components/CrisisLinesEditor';

type Language = (typeof crisisLanguages)[number];

/**
 * superDash's crisis lines (`?tab=crisis`): the installation's lines for students who write in
 * English and in Spanish, used where a school sets none; each left off uses the built-in US lines.
 */
export function CrisisLinesTab() {
  const t = useT();
  const query = useInstallationCrisisLines();
  if (query.isError) return <Alert severity="error">{t('crisisLines.loadFailed')}</Alert>;
  if (!query.data) return <CircularProgress aria-label={t('crisisLines.loading')} />;
  return <InstallationForm view={query.data} />;
}

function InstallationForm({ view }: { view: InstallationCrisisLinesView }) {
  const t = useT();
  const save = useSaveInstallationCrisisLines();
  const [own, setOwn] = useState<Record<Language, boolean>>({ en: view.en !== null, es: view.es !== null });
  const [drafts, setDrafts] = useState<Record<Language, LinesDraft>>({
    en: draftOf(view.en ?? view.defaults.en),
    es: draftOf(view.es ?? view.defaults.es),
  });
  const [saved, setSaved] = useState(false);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate({ en: own.en ? linesOf(drafts.en) : null, es: own.es ? linesOf(drafts.es) : null }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="installation-crisis-lines">
      <Typography color="text.secondary">{t('crisisLines.installationIntro')}</Typography>
      {crisisLanguages.map((language) => (
        <Paper key={language} variant="outlined" component="section" aria-labelledby={`crisis-${language}-title`} sx={{ p: 2 }}>
          <Typography id={`crisis-${language}-title`} component="h2" variant="h6" sx={{ mb: 1 }}>
            {t(`crisisLines.forLanguage.${language}`)}
          </Typography>
          <FormControlLabel
            control={<Switch checked={own[language]} onChange={(e) => setOwn({ ...own, [language]: e.target.checked })} />}
            label={t('crisisLines.setOwn')}
          />
          {own[language] ? (
            <CrisisLinesEditor
              idPrefix={`installation-${language}`}
              draft={drafts[language]}
              onChange={(d) => setDrafts({ ...drafts, [language]: d })}
              errors={fields}
              prefix={language}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('crisisLines.usingDefaults', { lines: view.defaults[language].lines.map((l) => l.name).join(', ') })}
            </Typography>
          )}
        </Paper>
      ))}
      <CrisisLinesSaveFooter error={save.error} fieldsInvalid={Object.keys(fields).length > 0} saved={saved} pending={save.isPending} />
    </Stack>
  );
}
