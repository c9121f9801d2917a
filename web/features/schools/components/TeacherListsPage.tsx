import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { SchoolTeacherRow } from '../../../../contract/teacher-lists';
import { PageHeading } from '../../../components/PageHeading';
import { QueryState } from '../../../components/QueryState';
import { ResponsiveList, type ResponsiveColumn } from '../../../components/ResponsiveList';
import { dateTime, relativeTime } from '../../../lib/format';
import { useTeacherList } from '../api/getTeacherList';
import { useT } from '../../../lib/i18n';
import { ImportDialog } from './ImportDialog';
import { LicenceCard } from './LicenceCard';
import { SchoolSafetyCard } from './SchoolSafetyCard';
import { AddTeacherDialog, EditBuildingDialog, RemoveTeacherDialog } from './TeacherDialogs';

type Open =
  { kind: 'add' } | { kind: 'import' } | { kind: 'edit'; teacher: SchoolTeacherRow } | { kind: 'remove'; teacher: SchoolTeacherRow } | null;

/** /teacherLists (school admins): the licence and its teachers; add, edit building, remove, CSV import and export. */
export default function TeacherListsPage() {
  const t = useT();
  const list = useTeacherList();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (msg: string) => {
    setOpen(null);
    setNotice(msg);
  };

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('schools.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('schools.intro')}
      </Typography>
      <QueryState query={list} loadingLabel={t('schools.loading')} errorText={t('schools.loadFailed')} retryLabel={t('common.tryAgain')}>
        {(data) => (
          <>
            <LicenceCard licence={data.licence} />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
              <Button variant="contained" onClick={() => setOpen({ kind: 'add' })}>
                {t('schools.add')}
              </Button>
              <Button variant="outlined" onClick={() => setOpen({ kind: 'import' })}>
                {t('schools.importCsv')}
              </Button>
              <Button variant="outlined" component="a" href="/api/school-admin/teachers/export" download>
                {t('schools.exportCsv')}
              </Button>
              <Typography color="text.secondary" sx={{ ml: { sm: 'auto' } }} data-testid="teacher-count">
                {t('schools.count', { count: data.teachers.length })}
              </Typography>
            </Stack>
            {data.teachers.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography color="text.secondary">{t('schools.empty')}</Typography>
              </Paper>
            ) : (
              <Teachers
                teachers={data.teachers}
                onEdit={(teacher) => setOpen({ kind: 'edit', teacher })}
                onRemove={(teacher) => setOpen({ kind: 'remove', teacher })}
              />
            )}
            {open?.kind === 'add' && <AddTeacherDialog domains={data.licence.domains} onClose={() => setOpen(null)} onDone={done} />}
            {open?.kind === 'import' && <ImportDialog onClose={() => setOpen(null)} onDone={done} />}
            {open?.kind === 'edit' && <EditBuildingDialog teacher={open.teacher} onClose={() => setOpen(null)} onDone={done} />}
            {open?.kind === 'remove' && <RemoveTeacherDialog teacher={open.teacher} onClose={() => setOpen(null)} onDone={done} />}
          </>
        )}
      </QueryState>
      <SchoolSafetyCard />
      <Snackbar open={notice !== null} autoHideDuration={6000} onClose={() => setNotice(null)} message={notice ?? ''} />
    </Box>
  );
}

interface TeachersProps {
  teachers: SchoolTeacherRow[];
  onEdit: (t: SchoolTeacherRow) => void;
  onRemove: (t: SchoolTeacherRow) => void;
}

function LastSignIn({ at }: { at: string | null }) {
  const t = useT();
  if (!at) return <>{t('schools.never')}</>;
  return (
    <Box component="time" dateTime={at} title={dateTime(at)}>
      {relativeTime(at)}
    </Box>
  );
}

function RowActions({ teacher, onEdit, onRemove }: { teacher: SchoolTeacherRow } & Omit<TeachersProps, 'teachers'>) {
  const t = useT();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
      <IconButton aria-label={t('schools.edit', { email: teacher.email })} onClick={() => onEdit(teacher)}>
        <EditOutlined />
      </IconButton>
      <IconButton aria-label={t('schools.remove', { email: teacher.email })} onClick={() => onRemove(teacher)}>
        <DeleteOutlined />
      </IconButton>
    </Stack>
  );
}

/** The table at tablet width and up; a list on a phone, so nothing scrolls sideways. */
function Teachers({ teachers, onEdit, onRemove }: TeachersProps) {
  const t = useT();
  const columns: ResponsiveColumn<SchoolTeacherRow>[] = [
    {
      key: 'email',
      header: t('schools.columns.email'),
      sx: { overflowWrap: 'anywhere' },
      cell: (row) => (
        <>
          {row.email}
          {row.isAdmin && <Chip size="small" label={t('schools.adminChip')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { key: 'building', header: t('schools.columns.building'), sx: { overflowWrap: 'anywhere' }, cell: (row) => row.building ?? '—' },
    { key: 'signedUp', header: t('schools.columns.signedUp'), cell: (row) => (row.signedUp ? t('schools.yes') : t('schools.notYet')) },
    { key: 'lastSignIn', header: t('schools.columns.lastSignIn'), cell: (row) => <LastSignIn at={row.lastSignInAt} /> },
    {
      key: 'actions',
      header: t('schools.columns.actions'),
      align: 'right',
      cell: (row) => <RowActions teacher={row} onEdit={onEdit} onRemove={onRemove} />,
    },
  ];
  return (
    <ResponsiveList
      label={t('schools.title')}
      rows={teachers}
      rowKey={(row) => row.id}
      rowAttributes={(row) => ({ 'data-teacher': row.email })}
      columns={columns}
      cardSx={{ gap: 1 }}
      card={(row) => (
        <>
          <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.25}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.email} {row.isAdmin && <Chip component="span" size="small" label={t('schools.adminChip')} sx={{ ml: 0.5 }} />}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('schools.fieldValue', { field: t('schools.columns.building'), value: row.building ?? '—' })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('schools.signedUpLine', { value: row.signedUp ? t('schools.yes') : t('schools.notYet') })}
              <LastSignIn at={row.lastSignInAt} />
            </Typography>
          </Stack>
          <RowActions teacher={row} onEdit={onEdit} onRemove={onRemove} />
        </>
      )}
    />
  );
}
