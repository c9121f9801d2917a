import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { SchoolTeacherRow } from '../../../../contract/teacher-lists';
import { PageHeading } from '../../../components/PageHeading';
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
      {list.isPending ? (
        <CircularProgress aria-label={s.loading} />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {s.retry}
            </Button>
          }
        >
          {s.loadFailed}
        </Alert>
      ) : (
        <>
          <LicenceCard licence={list.data.licence} />
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
              {s.count(list.data.teachers.length)}
            </Typography>
          </Stack>
          {list.data.teachers.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">{s.empty}</Typography>
            </Paper>
          ) : (
            <Teachers
              teachers={list.data.teachers}
              onEdit={(teacher) => setOpen({ kind: 'edit', teacher })}
              onRemove={(teacher) => setOpen({ kind: 'remove', teacher })}
            />
          )}
          {open?.kind === 'add' && <AddTeacherDialog domains={list.data.licence.domains} onClose={() => setOpen(null)} onDone={done} />}
          {open?.kind === 'import' && <ImportDialog onClose={() => setOpen(null)} onDone={done} />}
          {open?.kind === 'edit' && <EditBuildingDialog teacher={open.teacher} onClose={() => setOpen(null)} onDone={done} />}
          {open?.kind === 'remove' && <RemoveTeacherDialog teacher={open.teacher} onClose={() => setOpen(null)} onDone={done} />}
        </>
      )}
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
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  if (narrow) {
    return (
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <List aria-label={s.title} disablePadding>
          {teachers.map((t) => (
            <ListItem key={t.id} divider data-teacher={t.email} sx={{ alignItems: 'flex-start', gap: 1 }}>
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
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={s.title}>
        <TableHead>
          <TableRow>
            <TableCell>{s.columns.email}</TableCell>
            <TableCell>{s.columns.building}</TableCell>
            <TableCell>{s.columns.signedUp}</TableCell>
            <TableCell>{s.columns.lastSignIn}</TableCell>
            <TableCell align="right">{s.columns.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {teachers.map((t) => (
            <TableRow key={t.id} data-teacher={t.email} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {t.email}
                {t.isAdmin && <Chip size="small" label={s.adminChip} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.building ?? s.noBuilding}</TableCell>
              <TableCell>{t.signedUp ? s.yes : s.notYet}</TableCell>
              <TableCell>
                <LastSignIn at={t.lastSignInAt} />
              </TableCell>
              <TableCell align="right">
                <RowActions teacher={t} onEdit={onEdit} onRemove={onRemove} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
