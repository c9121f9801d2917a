import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ClassroomCourse, ImportCourseResult } from '../../../../contract/classroom';
import { CLASSROOM_ERRORS } from '../../../../contract/classroom';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import {
  CLASSROOM_CONNECT_PATH,
  classroomCoursesQuery,
  classroomKeys,
  useImportClassroomCourse,
  useRemoveClassroomConnection,
} from '../api/classroom';

/** The product's name, the same in every language. */
const CLASSROOM = 'Google Classroom';

/** A course as the list names it: its name, and its section when it has one. */
const courseName = (name: string, section: string | null) => (section ? `${name} · ${section}` : name);

/** The teacher must connect (again): Google no longer takes the connection, or there is none. */
const mustConnect = (err: unknown) =>
  err instanceof ApiError && (err.code === CLASSROOM_ERRORS.connectionLost || err.code === CLASSROOM_ERRORS.notConnected);

/**
 * Google Classroom on My Students: the teacher's active courses, each with Import (or Import again,
 * which keeps the class in step), and Disconnect. A lost connection offers to connect again.
 */
export function ClassroomDialog({
  onClose,
  onImported,
  onDisconnected,
}: {
  onClose: () => void;
  onImported: (result: ImportCourseResult) => void;
  onDisconnected: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  // At phone widths the dialog takes the screen: a course's name gets the width beside its button.
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const importCourse = useImportClassroomCourse();
  const disconnect = useRemoveClassroomConnection();
  const courses = useQuery(classroomCoursesQuery());
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; lines: string[]; reconnect?: boolean } | null>(null);

  const run = async (course: ClassroomCourse) => {
    setBusy(course.id);
    setOutcome(null);
    try {
      const result = await importCourse(course.id);
      const lines = [
        t('students.classroom.imported', {
          name: courseName(result.class.name, result.class.section),
          added: result.added,
          removed: result.removed,
        }),
      ];
      if (result.withoutAddress > 0) lines.push(t('students.classroom.withoutAddress', { count: result.withoutAddress }));
      setOutcome({ severity: 'success', lines });
      onImported(result);
      await queryClient.invalidateQueries({ queryKey: classroomKeys.all });
    } catch (err) {
      setOutcome({ severity: 'error', lines: [err instanceof Error ? err.message : String(err)], reconnect: mustConnect(err) });
      if (mustConnect(err)) await queryClient.invalidateQueries({ queryKey: classroomKeys.status() });
    } finally {
      setBusy(null);
    }
  };

  const leave = async () => {
    setBusy('disconnect');
    try {
      await disconnect();
      await queryClient.invalidateQueries({ queryKey: classroomKeys.all });
      onDisconnected();
    } catch (err) {
      setOutcome({ severity: 'error', lines: [err instanceof Error ? err.message : String(err)] });
      setBusy(null);
    }
  };

  const connectAgain = (
    <Button color="inherit" size="small" href={CLASSROOM_CONNECT_PATH}>
      {t('students.classroom.reconnect')}
    </Button>
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="classroom-title">
      <DialogTitle id="classroom-title">{CLASSROOM}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('students.classroom.intro')}</DialogContentText>
        {outcome && (
          <Alert severity={outcome.severity} sx={{ mb: 2 }} role="status" action={outcome.reconnect ? connectAgain : undefined}>
            {outcome.lines.join(' ')}
          </Alert>
        )}
        {courses.isError && mustConnect(courses.error) ? (
          <Alert severity="warning" action={connectAgain}>
            {courses.error.message}
          </Alert>
        ) : (
          <QueryState
            query={courses}
            loadingLabel={t('students.classroom.loading')}
            loadingLine
            errorText={t('students.classroom.loadFailed')}
            retryLabel={t('common.tryAgain')}
          >
            {(data) =>
              data.courses.length === 0 ? (
                <DialogContentText>{t('students.classroom.noCourses')}</DialogContentText>
              ) : (
                <List aria-label={t('students.classroom.coursesLabel')} dense>
                  {data.courses.map((c) => (
                    <ListItem
                      key={c.id}
                      divider
                      secondaryAction={
                        <Button
                          variant={c.classId ? 'outlined' : 'contained'}
                          size="small"
                          disabled={busy !== null}
                          onClick={() => void run(c)}
                          aria-label={t(c.classId ? 'students.classroom.updateLabel' : 'students.classroom.importLabel', {
                            name: courseName(c.name, c.section),
                          })}
                        >
                          {busy === c.id
                            ? t('students.classroom.importing')
                            : c.classId
                              ? t('students.classroom.update')
                              : t('students.classroom.import')}
                        </Button>
                      }
                    >
                      <ListItemText
                        primary={courseName(c.name, c.section)}
                        secondary={c.classId ? t('students.classroom.importedAlready') : t('students.classroom.notImported')}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 12 } }, secondary: { sx: { pr: 12 } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              )
            }
          </QueryState>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button color="error" onClick={() => void leave()} disabled={busy !== null}>
          {t('students.classroom.disconnect')}
        </Button>
        <Button onClick={onClose} disabled={busy === 'disconnect'}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
