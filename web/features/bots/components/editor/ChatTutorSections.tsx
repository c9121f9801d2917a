import { useId } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOT_LIMITS, tutoringStyles, type TutoringStyle } from '../../../../../contract/bots';
import { useT, type MessageId } from '../../../../lib/i18n';
import { gradeLevelChoices, type BotDraft } from '../../model/draft';
import { gradeLevelLabel } from '../../../../lib/i18n/gradeLevels';
import { useEditor } from './editorContext';
import { Field } from './Field';
import { Section } from './Section';

const styleLabels = {
  socratic: 'bots.editor.tutoringStyles.socratic',
  explain_then_check: 'bots.editor.tutoringStyles.explain_then_check',
  practice_quiz: 'bots.editor.tutoringStyles.practice_quiz',
} as const satisfies Record<TutoringStyle, MessageId>;
const chat = (d: BotDraft, patch: Partial<BotDraft['chat']>): BotDraft => ({ ...d, chat: { ...d.chat, ...patch } });
const tutor = (d: BotDraft, patch: Partial<BotDraft['tutor']>): BotDraft => ({ ...d, tutor: { ...d.tutor, ...patch } });

/** A ChatBot's welcome message and starter prompts. */
export function ChatSection() {
  const t = useT();
  const { draft, change, errorOf, readOnly } = useEditor();
  const prompts = draft.chat.starterPrompts;
  const listError = errorOf('settings.starterPrompts', true);
  return (
    <Section title={t('bots.editor.sections.chat')}>
      <Field
        path="settings.welcomeMessage"
        label={t('bots.editor.welcomeMessage')}
        value={draft.chat.welcomeMessage}
        set={(d, v) => chat(d, { welcomeMessage: v })}
        max={BOT_LIMITS.welcomeMessage}
        help={t('bots.editor.welcomeHelp')}
        multiline
        minRows={2}
      />
      <Box>
        <Typography component="h3" variant="subtitle2">
          {t('bots.editor.starterPrompts')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('bots.editor.starterPromptsHelp')}
        </Typography>
        <Stack spacing={1.5}>
          {prompts.map((p, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Field
                path={`settings.starterPrompts.${i}`}
                label={t('bots.editor.starterPrompt', { n: i + 1 })}
                value={p}
                set={(d, v) => chat(d, { starterPrompts: d.chat.starterPrompts.map((x, j) => (j === i ? v : x)) })}
                max={BOT_LIMITS.starterPromptChars}
              />
              {!readOnly && (
                <IconButton
                  aria-label={t('bots.editor.removeStarter', { n: i + 1 })}
                  onClick={() => change(null, (d) => chat(d, { starterPrompts: d.chat.starterPrompts.filter((_x, j) => j !== i) }))}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutlined />
                </IconButton>
              )}
            </Stack>
          ))}
        </Stack>
        {listError && <FormHelperText error>{listError}</FormHelperText>}
        {!readOnly && (
          <Button
            startIcon={<Add />}
            variant="outlined"
            sx={{ mt: 1.5 }}
            disabled={prompts.length >= BOT_LIMITS.starterPrompts}
            onClick={() => change(null, (d) => chat(d, { starterPrompts: [...d.chat.starterPrompts, ''] }))}
          >
            {t('bots.editor.addStarter')}
          </Button>
        )}
      </Box>
    </Section>
  );
}

/** A TutorBot's subject, grade, objectives, style, quiz length, completion criteria and welcome. */
export function TutorSection() {
  const t = useT();
  const { draft, change, errorOf, readOnly } = useEditor();
  const gradeLabel = useId();
  const styleLabel = useId();
  const tu = draft.tutor;
  const gradeError = errorOf('settings.gradeLevel');
  return (
    <Section title={t('bots.editor.sections.tutor')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field
          path="settings.subject"
          label={t('bots.editor.subject')}
          value={tu.subject}
          set={(d, v) => tutor(d, { subject: v })}
          max={BOT_LIMITS.subject}
        />
        <FormControl fullWidth error={Boolean(gradeError)}>
          <InputLabel id={gradeLabel} shrink>
            {t('bots.editor.gradeLevel')}
          </InputLabel>
          <Select
            labelId={gradeLabel}
            displayEmpty
            notched
            label={t('bots.editor.gradeLevel')}
            value={tu.gradeLevel}
            readOnly={readOnly}
            onChange={(e) => change('settings.gradeLevel', (d) => tutor(d, { gradeLevel: e.target.value }))}
          >
            <MenuItem value="">{t('bots.editor.anyGrade')}</MenuItem>
            {gradeLevelChoices.map((g) => (
              <MenuItem key={g} value={g}>
                {gradeLevelLabel(g, t)}
              </MenuItem>
            ))}
          </Select>
          {gradeError && <FormHelperText>{gradeError}</FormHelperText>}
        </FormControl>
      </Stack>
      <Field
        path="settings.learningObjectives"
        label={t('bots.editor.learningObjectives')}
        value={tu.learningObjectives}
        set={(d, v) => tutor(d, { learningObjectives: v })}
        max={BOT_LIMITS.learningObjectives}
        multiline
        minRows={3}
      />
      <FormControl>
        <FormLabel id={styleLabel}>{t('bots.editor.tutoringStyle')}</FormLabel>
        <RadioGroup
          aria-labelledby={styleLabel}
          value={tu.tutoringStyle}
          onChange={(e) => change('settings.tutoringStyle', (d) => tutor(d, { tutoringStyle: e.target.value as TutoringStyle }))}
        >
          {tutoringStyles.map((style) => (
            <FormControlLabel
              key={style}
              value={style}
              control={<Radio />}
              label={t(styleLabels[style])}
              disabled={readOnly && tu.tutoringStyle !== style}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {tu.tutoringStyle === 'practice_quiz' && (
        <Box sx={{ maxWidth: 240 }}>
          <Field
            path="settings.quizLength"
            label={t('bots.editor.quizLength')}
            value={tu.quizLength}
            set={(d, v) => tutor(d, { quizLength: v })}
            inputMode="numeric"
          />
        </Box>
      )}
      <Field
        path="settings.completionCriteria"
        label={t('bots.editor.completionCriteria')}
        value={tu.completionCriteria}
        set={(d, v) => tutor(d, { completionCriteria: v })}
        max={BOT_LIMITS.completionCriteria}
        help={t('bots.editor.completionHelp')}
        multiline
        minRows={2}
      />
      <Field
        path="settings.welcomeMessage"
        label={t('bots.editor.welcomeMessage')}
        value={tu.welcomeMessage}
        set={(d, v) => tutor(d, { welcomeMessage: v })}
        max={BOT_LIMITS.welcomeMessage}
        help={t('bots.editor.welcomeHelp')}
        multiline
        minRows={2}
      />
    </Section>
  );
}
