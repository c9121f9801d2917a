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
import { teacherListStrings as s } from '../strings';
import { ImportDialog } from './ImportDialog';
import { LicenceCard } from './LicenceCard';
import { AddTeacherDialog, EditBuildingDialog, RemoveTeacherDialog } from './TeacherDialogs';

type Open =
  { kind: 'add' } | { kind: 'import' } | { kind: 'edit'; teacher: SchoolTeacherRow } | { kind: 'remove'; teacher: SchoolTeacherRow } | null;

/** /teacherLists (school admins): the licence and its teachers; add, edit building, remove, CSV import and export. */
export default function TeacherListsPage() {
  const list = useTeacherList();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (msg: string) => {
    setOpen(null);
    setNotice(msg);
  };

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{s.title}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {s.intro}
      </Typography>
      <QueryState query={list} loadingLabel={s.loading} errorText={s.loadFailed} retryLabel={s.retry}>
        {(data) => (
          <>
            <LicenceCard licence={data.licence} />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
              <Button variant="contained" onClick={() => setOpen({ kind: 'add' })}>
                {s.add}
              </Button>
              <Button variant="outlined" onClick={() => setOpen({ kind: 'import' })}>
                {s.importCsv}
              </Button>
              <Button variant="outlined" component="a" href="/api/school-admin/teachers/export" download>
                {s.exportCsv}
              </Button>
              <Typography color="text.secondary" sx={{ ml: { sm: 'auto' } }} data-testid="teacher-count">
                {s.count(data.teachers.length)}
              </Typography>
            </Stack>
            {data.teachers.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography color="text.secondary">{s.empty}</Typography>
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
  if (!at) return <>{s.never}</>;
  return (
    <Box component="time" dateTime={at} title={dateTime(at)}>
      {relativeTime(at)}
    </Box>
  );
}

function RowActions({ teacher, onEdit, onRemove }: { teacher: SchoolTeacherRow } & Omit<TeachersProps, 'teachers'>) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
      <IconButton aria-label={s.edit(teacher.email)} onClick={() => onEdit(teacher)}>
        <EditOutlined />
      </IconButton>
      <IconButton aria-label={s.remove(teacher.email)} onClick={() => onRemove(teacher)}>
        <DeleteOutlined />
      </IconButton>
    </Stack>
  );
}

/** The table at tablet width and up; a list on a phone, so nothing scrolls sideways. */
function Teachers({ teachers, onEdit, onRemove }: TeachersProps) {
  const columns: ResponsiveColumn<SchoolTeacherRow>[] = [
    {
      key: 'email',
      header: s.columns.email,
      sx: { overflowWrap: 'anywhere' },
      cell: (t) => (
        <>
          {t.email}
          {t.isAdmin && <Chip size="small" label={s.adminChip} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { key: 'building', header: s.columns.building, sx: { overflowWrap: 'anywhere' }, cell: (t) => t.building ?? s.noBuilding },
    { key: 'signedUp', header: s.columns.signedUp, cell: (t) => (t.signedUp ? s.yes : s.notYet) },
    { key: 'lastSignIn', header: s.columns.lastSignIn, cell: (t) => <LastSignIn at={t.lastSignInAt} /> },
    {
      key: 'actions',
      header: s.columns.actions,
      align: 'right',
      cell: (t) => <RowActions teacher={t} onEdit={onEdit} onRemove={onRemove} />,
    },
  ];
  return (
    <ResponsiveList
      label={s.title}
      rows={teachers}
      rowKey={(t) => t.id}
      rowAttributes={(t) => ({ 'data-teacher': t.email })}
      columns={columns}
      cardSx={{ gap: 1 }}
      card={(t) => (
        <>
          <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.25}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {t.email} {t.isAdmin && <Chip component="span" size="small" label={s.adminChip} sx={{ ml: 0.5 }} />}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {`${s.columns.building}: ${t.building ?? s.noBuilding}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${s.columns.signedUp}: ${t.signedUp ? s.yes : s.notYet} · ${s.columns.lastSignIn}: `}
              <LastSignIn at={t.lastSignInAt} />
            </Typography>
          </Stack>
          <RowActions teacher={t} onEdit={onEdit} onRemove={onRemove} />
        </>
      )}
    />
  );
}
