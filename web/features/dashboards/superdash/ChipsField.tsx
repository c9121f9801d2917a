import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useT } from '../../../lib/i18n';

/**
 * A list of short values typed as chips: Enter, a comma or a space ends one; leaving the field
 * keeps what was typed, so Save never drops a half-entered value.
 */
export function ChipsField({
  label,
  values,
  onChange,
  helperText,
  error,
  disabled,
  name,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  helperText: string;
  error?: boolean;
  disabled?: boolean;
  name: string;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const add = (text: string) => {
    const parts = text
      .split(/[\s,;]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length) onChange([...new Set([...values, ...parts])]);
    setTyped('');
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      openText={t('common.open')}
      closeText={t('common.close')}
      clearText={t('common.clear')}
      options={[]}
      value={values}
      inputValue={typed}
      disabled={disabled}
      onChange={(_, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
      onInputChange={(_, next, reason) => {
        if (reason === 'reset') return;
        if (/[\s,;]$/.test(next)) add(next);
        else setTyped(next);
      }}
      onBlur={() => add(typed)}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={item} size="small" {...props} />;
        })
      }
      renderInput={(params) => <TextField {...params} name={name} label={label} helperText={helperText} error={error} margin="dense" />}
    />
  );
}
