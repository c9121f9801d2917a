import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClassSummary } from '../../../../contract/classes';
import { CLASSROOM_OUTCOMES, type ClassroomOutcome } from '../../../../contract/classroom';
import { PageHeading } from '../../../components/PageHeading';
import { classKeys, classListQuery, useCreateClass, useUpdateClass } from '../api/classes';
import { CLASSROOM_CONNECT_PATH, classroomKeys, classroomStatusQuery } from '../api/classroom';
import { useT, type MessageId } from '../../../lib/i18n';
import { ClassFormDialog } from './ClassDialogs';
import { ClassPanel } from './ClassPanel';
import { ClassroomDialog } from './ClassroomDialog';
import { ImportDialog } from './ImportDialog';
import { StudentDialog } from './StudentDialog';

/** Where connecting Google Classroom landed, in words. */
const landedMessage = {
  connected: 'students.classroom.landed.connected',
  denied: 'students.classroom.landed.denied',
  failed: 'students.classroom.landed.failed',
} as const satisfies Record<ClassroomOutcome, MessageId>;

/** The product's name, the same in every language. */
const CLASSROOM = 'Google Classroom';

const label = (c: ClassSummary) => (c.section ? `${c.name} · ${c.section}` : c.name);

const isOutcome = (value: string | null): value is ClassroomOutcome => CLASSROOM_OUTCOMES.some((o) => o === value);

/**
 * My Students (premium): the teacher's classes, the chosen class's roster (`?class=`), a student's
 * page (`&student=<roster entry id>`), and Google Classroom (`?classroom=<outcome>` is where
 * connecting lands: said once, then taken out of the address).
 */
export default function MyStudentsPage() {
  const t = useT();
  const createClass = useCreateClass();
  const updateClass = useUpdateClass();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useQuery(classListQuery());
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  // Where connecting Google Classroom landed, read once: said in the snackbar, the courses opened.
  const [landed] = useState(() => {
    const value = params.get('classroom');
    return isOutcome(value) ? value : null;
  });
  const [notice, setNotice] = useState<{ message: string; key: number } | null>(() =>
    landed ? { message: t(landedMessage[landed]), key: 0 } : null,
  );
  const classroom = useQuery(classroomStatusQuery());
  const [classroomOpen, setClassroomOpen] = useState(landed === 'connected');
  const classes = list.data?.classes ?? [];
  const selectedId = params.get('class');
  const studentId = params.get('student');
  const selected = classes.find((c) => c.id === selectedId) ?? null;

  const select = (id: string | null) => setParams(id ? { class: id } : {});
  const refresh = () => queryClient.invalidateQueries({ queryKey: classKeys.all });
  const say = (message: string) => setNotice({ message, key: Date.now() });

  useEffect(() => {
    if (!params.has('classroom')) return;
    const next = new URLSearchParams(params);
    next.delete('classroom');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const connection = classroom.data?.connection;
  const openClassroom = () => {
    if (connection === 'connected') setClassroomOpen(true);
    else window.location.assign(CLASSROOM_CONNECT_PATH);
  };

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('students.page.title')}</PageHeading>
      <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t('students.newClass')}
        </Button>
        <Button variant="outlined" onClick={() => setImporting(true)}>
          {t('students.importButton')}
        </Button>
        {classroom.data?.available && (
          <Button variant="outlined" onClick={openClassroom}>
            {connection === 'connected'
              ? CLASSROOM
              : connection === 'lost'
                ? t('students.classroom.reconnect')
                : t('students.classroom.connect')}
          </Button>
        )}
      </Stack>
      {list.isPending ? (
        <CircularProgress aria-label={t('students.classesLabel')} />
      ) : list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : classes.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('students.emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t('students.emptyBody')}</Typography>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' } }}>
          <Paper variant="outlined" component="nav" aria-label={t('students.classesLabel')} sx={{ alignSelf: 'start', minWidth: 0 }}>
            <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
              {t('students.classesHeading')}
            </Typography>
            <List aria-label={t('students.classesLabel')}>
              {classes.map((c) => (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton
                    selected={c.id === selectedId}
                    onClick={() => select(c.id)}
                    aria-current={c.id === selectedId || undefined}
                  >
                    <ListItemText
                      primary={label(c)}
                      secondary={t('students.studentCount', { count: c.studentCount })}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
          {selected ? (
            <ClassPanel key={selected.id} klass={selected} onDeleted={() => select(null)} say={say} />
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('students.pickClass')}
            </Typography>
          )}
        </Box>
      )}
      {creating && (
        <ClassFormDialog
          title={t('students.newClass')}
          submitLabel={t('students.classForm.create')}
          initial={{ name: '', section: '', defaultLocale: null }}
          onClose={() => setCreating(false)}
          onSubmit={async ({ defaultLocale, ...value }) => {
            // A new class is made with its name and period; its students' language is set on it after (PATCH).
            const made = await createClass(value);
            if (defaultLocale) {
              try {
                await updateClass(made.id, { defaultLocale });
              } catch {
                say(t('students.classForm.languageFailed'));
              }
            }
            await refresh();
            setCreating(false);
            select(made.id);
          }}
        />
      )}
      {studentId && (
        <StudentDialog
          entryId={studentId}
          onClose={() => {
            const next = new URLSearchParams(params);
            next.delete('student');
            setParams(next);
          }}
          onDeleted={(name) => say(t('students.record.deleted', { name }))}
        />
      )}
      {importing && <ImportDialog target={selected} onClose={() => setImporting(false)} onImported={() => void refresh()} />}
      {classroomOpen && (
        <ClassroomDialog
          onClose={() => setClassroomOpen(false)}
          onImported={(result) => {
            void refresh();
            select(result.class.id);
          }}
          onDisconnected={() => {
            setClassroomOpen(false);
            say(t('students.classroom.disconnected'));
            void queryClient.invalidateQueries({ queryKey: classroomKeys.all });
          }}
        />
      )}
      <Snackbar
        key={notice?.key}
        open={Boolean(notice)}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        message={notice?.message}
      />
    </Box>
  );
}
