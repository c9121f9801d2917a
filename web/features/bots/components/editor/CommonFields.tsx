import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOT_LIMITS, type BotCollection } from '../../../../../contract/bots';
import { BotAvatar } from '../../../../components/BotAvatar';
import { FileUpload } from '../../../../components/upload/FileUpload';
import { useT } from '../../../../lib/i18n';
import { useEditor } from './editorContext';
import { Field } from './Field';
import { Section } from './Section';

const imageTypes = 'image/png,image/jpeg,image/webp,image/gif,.png,.jpg,.jpeg,.webp,.gif';

/**
 * Name, description, icon and collection. `iconBotId` is the saved bot whose icon the draft's
 * picture is (served to anyone who may see that bot); null for a picture just uploaded.
 */
export function BasicsSection({ collections, iconBotId }: { collections: BotCollection[] | null; iconBotId: string | null }) {
  const t = useT();
  const { draft, change, errorOf, readOnly, uploaded } = useEditor();
  const collectionLabel = useId();
  const iconError = errorOf('icon');
  return (
    <Section title={t('bots.editor.sections.basics')}>
      <Field
        path="name"
        label={t('bots.editor.name')}
        value={draft.name}
        set={(d, v) => ({ ...d, name: v })}
        max={BOT_LIMITS.name}
        required
      />
      <Field
        path="description"
        label={t('bots.editor.description')}
        value={draft.description}
        set={(d, v) => ({ ...d, description: v })}
        max={BOT_LIMITS.description}
        help={t('bots.editor.descriptionHelp')}
        multiline
        minRows={2}
      />
      <Box>
        <Typography component="h3" variant="subtitle2" gutterBottom>
          {t('bots.editor.icon')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <BotAvatar
            kind={draft.kind}
            botId={iconBotId}
            icon={
              draft.iconFileId
                ? { type: 'image', fileId: draft.iconFileId }
                : draft.iconEmoji.trim()
                  ? { type: 'emoji', emoji: draft.iconEmoji.trim() }
                  : null
            }
            size={56}
          />
          {draft.iconFileId ? (
            !readOnly && (
              <Button onClick={() => change('icon', (d) => ({ ...d, iconFileId: null }))} sx={{ alignSelf: { sm: 'center' } }}>
                {t('bots.editor.iconRemove')}
              </Button>
            )
          ) : (
            <Box sx={{ width: { xs: '100%', sm: 160 } }}>
              <Field
                path="icon"
                label={t('bots.editor.iconEmoji')}
                value={draft.iconEmoji}
                set={(d, v) => ({ ...d, iconEmoji: v })}
                size="small"
              />
            </Box>
          )}
          {!readOnly && !draft.iconFileId && (
            <FileUpload
              purpose="icon"
              pending
              accept={imageTypes}
              label={t('bots.editor.iconUpload')}
              onUploaded={(file) => {
                // Waits for the save, as a knowledge file does (decision 283).
                uploaded(file.id);
                change('icon', (d) => ({ ...d, iconFileId: file.id }));
              }}
            />
          )}
        </Stack>
        {!iconError && !readOnly && <FormHelperText>{t('bots.editor.iconHelp')}</FormHelperText>}
        {iconError && draft.iconFileId && <FormHelperText error>{iconError}</FormHelperText>}
      </Box>
      {collections !== null && (
        <FormControl fullWidth>
          <InputLabel id={collectionLabel} shrink>
            {t('bots.editor.collection')}
          </InputLabel>
          <Select
            labelId={collectionLabel}
            displayEmpty
            notched
            label={t('bots.editor.collection')}
            value={draft.collectionId ?? ''}
            onChange={(e) => change('collectionId', (d) => ({ ...d, collectionId: e.target.value === '' ? null : e.target.value }))}
            error={Boolean(errorOf('collectionId'))}
          >
            <MenuItem value="">{t('bots.editor.noCollection')}</MenuItem>
            {collections.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </Select>
          {errorOf('collectionId') && <FormHelperText error>{errorOf('collectionId')}</FormHelperText>}
        </FormControl>
      )}
    </Section>
  );
}

/** The system prompt. */
export function InstructionsSection() {
  const t = useT();
  const { draft } = useEditor();
  return (
    <Section title={t('bots.editor.sections.instructions')}>
      <Field
        path="instructions"
        label={t('bots.editor.instructions')}
        value={draft.instructions}
        set={(d, v) => ({ ...d, instructions: v })}
        max={BOT_LIMITS.instructions}
        help={t('bots.editor.instructionsHelp')}
        multiline
        minRows={6}
        maxRows={24}
      />
    </Section>
  );
}

/** Temperature, shown as Creativity from 0 (focused) to 2 (inventive). */
export function ModelSection() {
  const t = useT();
  const { draft, change, errorOf, readOnly } = useEditor();
  const labelId = useId();
  const helpId = useId();
  const error = errorOf('temperature');
  return (
    <Section title={t('bots.editor.sections.model')}>
      <Box sx={{ px: 1 }}>
        <Typography id={labelId} gutterBottom>
          {t('bots.editor.temperature')}
        </Typography>
        <Slider
          aria-labelledby={labelId}
          aria-describedby={helpId}
          value={draft.temperature}
          min={0}
          max={2}
          step={0.1}
          marks={[
            { value: 0, label: '0' },
            { value: 1, label: '1' },
            { value: 2, label: '2' },
          ]}
          valueLabelDisplay="auto"
          getAriaValueText={(v) => t('bots.editor.temperatureValue', { value: v })}
          disabled={readOnly}
          onChange={(_e, v: number | number[]) =>
            change('temperature', (d) => ({ ...d, temperature: typeof v === 'number' ? v : (v[0] ?? d.temperature) }))
          }
        />
        <FormHelperText id={helpId} error={Boolean(error)}>
          {error ?? t('bots.editor.temperatureHelp')}
        </FormHelperText>
      </Box>
    </Section>
  );
}
