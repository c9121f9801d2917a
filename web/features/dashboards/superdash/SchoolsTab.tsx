import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SchoolLicence } from '../../../../contract/superdash';
import { schoolsQuery } from './api/listSchools';
import { LoadError, Loading } from './common';
import { SchoolDialog } from './SchoolDialog';
import { useT, type Translate } from '../../../lib/i18n';
import { calendarDay } from '../../../lib/format';

function expiry(day: string | null, t: Translate) {
  if (!day) return t('dashboards.super.schools.noEnd');
  return day < new Date().toISOString().slice(0, 10)
    ? t('dashboards.super.schools.expired', { day: calendarDay(day) })
    : t('dashboards.super.schools.expires', { day: calendarDay(day) });
}

/** The school licences, each editable, and a way to add one. */
export function SchoolsTab() {
  const t = useT();
  const schools = useQuery(schoolsQuery());
  const [editing, setEditing] = useState<SchoolLicence | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Box data-testid="superdash-schools">
      <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('dashboards.super.schools.add')}
        </Button>
      </Stack>
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaved(null)}>
          {t('dashboards.super.schools.saved', { name: saved })}
        </Alert>
      )}
      {schools.isPending ? (
        <Loading label={t('dashboards.super.schools.loading')} />
      ) : schools.isError ? (
        <LoadError what={t('dashboards.super.schools.what')} onRetry={() => void schools.refetch()} />
      ) : schools.data.schools.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.super.schools.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {schools.data.schools.map((school, i) => (
              <ListItem key={school.id} divider={i < schools.data.schools.length - 1} sx={{ display: 'block', py: 1.5 }}>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {school.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {[
                        school.domains.join(', '),
                        expiry(school.expiration, t),
                        t('dashboards.super.schools.teachersOnList', { count: school.teachersOnList }),
                      ].join(' · ')}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setEditing(school)}
                    aria-label={t('dashboards.super.schools.editLabel', { name: school.name })}
                  >
                    {t('dashboards.super.schools.edit')}
                  </Button>
                </Stack>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1, alignItems: 'center' }}>
                  <Typography variant="body2" component="span" sx={{ mr: 0.5 }}>
                    {t('dashboards.super.schools.adminsLabel')}
                  </Typography>
                  {school.admins.length === 0 ? (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('dashboards.super.schools.noAdmins')}
                    </Typography>
                  ) : (
                    school.admins.map((a) => <Chip key={a} label={a} size="small" sx={{ maxWidth: '100%' }} />)
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {editing && (
        <SchoolDialog
          school={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(school) => {
            setEditing(null);
            setSaved(school.name);
          }}
        />
      )}
    </Box>
  );
}
