import { useId, useState } from 'react';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { BOT_LIMITS, formInputKinds } from '../../../../../contract/bots';
import { useT, type MessageId } from '../../../../lib/i18n';
import { gradeLevelChoices, newField, optionsOf, type BotDraft, type FieldDraft, type FieldKind } from '../../model/draft';
import { gradeLevelLabel } from '../../../../lib/i18n/gradeLevels';
import { useEditor } from './editorContext';
import { Field } from './Field';
import { Section } from './Section';

const kindLabels = {
  text: 'bots.editor.fieldKinds.text',
  long_text: 'bots.editor.fieldKinds.long_text',
  number: 'bots.editor.fieldKinds.number',
  select: 'bots.editor.fieldKinds.select',
  grade_level: 'bots.editor.fieldKinds.grade_level',
} as const satisfies Record<FieldKind, MessageId>;

const setFields = (d: BotDraft, fields: FieldDraft[]): BotDraft => ({ ...d, doc: { ...d.doc, fields } });
const patchField = (d: BotDraft, i: number, patch: Partial<FieldDraft>): BotDraft =>
  setFields(
    d,
    d.doc.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)),
  );

/** A select box of the editor with the contract's message under it. */
function Choice({
  path,
  label,
  value,
  options,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (d: BotDraft, value: string) => BotDraft;
}) {
  const { change, errorOf, readOnly } = useEditor();
  const labelId = useId();
  const error = errorOf(path);
  return (
    <FormControl fullWidth error={Boolean(error)}>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={labelId}
        displayEmpty
        notched
        label={label}
        value={value}
        readOnly={readOnly}
        onChange={(e) => change(path, (d) => onChange(d, e.target.value))}
        slotProps={{ input: { 'data-path': path } as Record<string, string> }}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function FieldRow({ field, index, count, autoFocus }: { field: FieldDraft; index: number; count: number; autoFocus: boolean }) {
  const t = useT();
  const { change, readOnly } = useEditor();
  const row = `settings.formInputs.${index}`;
  const numbered = t('bots.editor.field', { n: index + 1 });
  const name = field.label.trim() || numbered;
  const move = (delta: number) =>
    change(null, (d) => {
      const fields = [...d.doc.fields];
      fields.splice(index + delta, 0, ...fields.splice(index, 1));
      return setFields(d, fields);
    });
  const options = optionsOf(field.options);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={numbered}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography component="h3" variant="subtitle2" sx={{ flexGrow: 1 }}>
          {numbered}
        </Typography>
        {!readOnly && (
          <>
            <IconButton
              size="small"
              aria-label={t('bots.editor.fieldMoveUp', { label: name })}
              disabled={index === 0}
              onClick={() => move(-1)}
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('bots.editor.fieldMoveDown', { label: name })}
              disabled={index === count - 1}
              onClick={() => move(1)}
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('bots.editor.fieldRemove', { label: name })}
              onClick={() =>
                change(null, (d) =>
                  setFields(
                    d,
                    d.doc.fields.filter((_f, j) => j !== index),
                  ),
                )
              }
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </>
        )}
      </Stack>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field
            path={`${row}.label`}
            label={t('bots.editor.fieldLabel')}
            value={field.label}
            set={(d, v) => patchField(d, index, { label: v })}
            max={BOT_LIMITS.inputLabel}
            required
            autoFocus={autoFocus}
          />
          <Choice
            path={`${row}.kind`}
            label={t('bots.editor.fieldKind')}
            value={field.kind}
            options={formInputKinds.map((k) => ({ value: k, label: t(kindLabels[k]) }))}
            onChange={(d, v) => patchField(d, index, { kind: v as FieldKind, defaultValue: '' })}
          />
        </Stack>
        <Field
          path={`${row}.help`}
          label={t('bots.editor.fieldHelp')}
          value={field.help}
          set={(d, v) => patchField(d, index, { help: v })}
          max={BOT_LIMITS.inputHelp}
        />
        {field.kind === 'select' && (
          <>
            <Field
              path={`${row}.options`}
              touchPath={`${row}.default`}
              label={t('bots.editor.fieldOptions')}
              value={field.options}
              set={(d, v) => {
                const next = optionsOf(v);
                const f = d.doc.fields[index];
                // Keep the default while it is still an option; else none (the teacher picks each run).
                const keep = f && next.includes(f.defaultValue) ? f.defaultValue : '';
                return patchField(d, index, { options: v, defaultValue: keep });
              }}
              help={t('bots.editor.fieldOptionsHelp')}
              multiline
              minRows={3}
            />
            <Choice
              path={`${row}.default`}
              label={t('bots.editor.fieldDefault')}
              value={options.includes(field.defaultValue) ? field.defaultValue : ''}
              options={[{ value: '', label: t('bots.editor.fieldNoDefault') }, ...options.map((o) => ({ value: o, label: o }))]}
              onChange={(d, v) => patchField(d, index, { defaultValue: v })}
            />
          </>
        )}
        {field.kind === 'grade_level' && (
          <Choice
            path={`${row}.default`}
            label={t('bots.editor.fieldDefault')}
            value={field.defaultValue}
            options={[
              { value: '', label: t('bots.editor.fieldNoDefault') },
              ...gradeLevelChoices.map((g) => ({ value: g, label: gradeLevelLabel(g, t) })),
            ]}
            onChange={(d, v) => patchField(d, index, { defaultValue: v })}
          />
        )}
        {(field.kind === 'text' || field.kind === 'long_text') && (
          <Field
            path={`${row}.default`}
            label={t('bots.editor.fieldDefault')}
            value={field.defaultValue}
            set={(d, v) => patchField(d, index, { defaultValue: v })}
            max={field.kind === 'text' ? BOT_LIMITS.textValue : BOT_LIMITS.longTextValue}
            multiline={field.kind === 'long_text'}
            minRows={field.kind === 'long_text' ? 2 : undefined}
          />
        )}
        {field.kind === 'number' && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            <Field
              path={`${row}.default`}
              label={t('bots.editor.fieldDefault')}
              value={field.defaultValue}
              set={(d, v) => patchField(d, index, { defaultValue: v })}
              inputMode="decimal"
            />
            <Field
              path={`${row}.min`}
              label={t('bots.editor.fieldMin')}
              value={field.min}
              set={(d, v) => patchField(d, index, { min: v })}
              inputMode="decimal"
            />
            <Field
              path={`${row}.max`}
              label={t('bots.editor.fieldMax')}
              value={field.max}
              set={(d, v) => patchField(d, index, { max: v })}
              inputMode="decimal"
            />
            <Field
              path={`${row}.unit`}
              label={t('bots.editor.fieldUnit')}
              value={field.unit}
              set={(d, v) => patchField(d, index, { unit: v })}
            />
          </Box>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={field.required}
              disabled={readOnly}
              onChange={(e) => change(`${row}.required`, (d) => patchField(d, index, { required: e.target.checked }))}
            />
          }
          label={t('bots.editor.fieldRequired')}
        />
      </Stack>
    </Paper>
  );
}

/** A DocBot's form: the fields the runner fills in before Generate. */
export function DocFormSection() {
  const t = useT();
  const { draft, change, errorOf, readOnly } = useEditor();
  const [added, setAdded] = useState<string | null>(null);
  const fields = draft.doc.fields;
  const topError = errorOf('settings.formInputs', true);
  return (
    <Section title={t('bots.editor.sections.form')} intro={t('bots.editor.formIntro')}>
      {fields.length === 0 && <Typography color="text.secondary">{t('bots.editor.noFields')}</Typography>}
      {fields.length > 0 && (
        <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }}>
          {fields.map((f, i) => (
            <FieldRow key={f.rowId} field={f} index={i} count={fields.length} autoFocus={f.rowId === added} />
          ))}
        </Stack>
      )}
      {topError && <FormHelperText error>{topError}</FormHelperText>}
      {!readOnly && (
        <Box>
          <Button
            startIcon={<Add />}
            variant="outlined"
            disabled={fields.length >= BOT_LIMITS.formInputs}
            onClick={() => {
              const field = newField();
              setAdded(field.rowId);
              change(null, (d) => setFields(d, [...d.doc.fields, field]));
            }}
          >
            {t('bots.editor.addField')}
          </Button>
        </Box>
      )}
    </Section>
  );
}

/** A DocBot's output format and image switch. */
export function DocOutputSection() {
  const t = useT();
  const { draft, change, readOnly } = useEditor();
  return (
    <Section title={t('bots.editor.sections.output')}>
      <Field
        path="settings.outputFormat"
        label={t('bots.editor.outputFormat')}
        value={draft.doc.outputFormat}
        set={(d, v) => ({ ...d, doc: { ...d.doc, outputFormat: v } })}
        max={BOT_LIMITS.outputFormat}
        help={t('bots.editor.outputFormatHelp')}
        multiline
        minRows={3}
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.doc.canGenerateImages}
            disabled={readOnly}
            onChange={(e) =>
              change('settings.canGenerateImages', (d) => ({ ...d, doc: { ...d.doc, canGenerateImages: e.target.checked } }))
            }
          />
        }
        label={t('bots.editor.canGenerateImages')}
      />
    </Section>
  );
}
