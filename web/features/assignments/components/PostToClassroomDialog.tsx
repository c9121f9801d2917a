import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AssignmentDetail } from '../../../../contract/assignments';
import { DialogFooter } from '../../../components/DialogFooter';
import { QueryState } from '../../../components/QueryState';
import { useCreateClassroomCoursework } from '../api/createClassroomCoursework';
import { classroomCoursesQuery } from '../../students';
import { assignmentKeys } from '../../../lib/assignments/keys';
import { useT } from '../../../lib/i18n';
import { classLabel } from '../model/labels';

/**
 * Post to Google Classroom: the teacher chooses one of their courses; the assignment is posted
 * there once, with a link that opens it for the course's students.
 */
export function PostToClassroomDialog({
  assignment,
  onClose,
  onPosted,
}: {
  assignment: AssignmentDetail;
  onClose: () => void;
  onPosted: (message: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const post = useCreateClassroomCoursework();
  const courses = useQuery(classroomCoursesQuery());
  const [courseId, setCourseId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = courses.data?.courses.find((c) => c.id === courseId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const result = await post(chosen.id, assignment.id);
      const name = classLabel(chosen);
      const said = t(result.alreadyPosted ? 'assignments.classroom.alreadyPosted' : 'assignments.classroom.posted', { course: name });
      // The course's class now has the assignment, when there is one: its students are in the table.
      if (result.classId) await queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(assignment.id) });
      onPosted(result.classId ? said : `${said} ${t('assignments.classroom.notImported')}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="post-classroom-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="post-classroom-title">{t('assignments.classroom.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('assignments.classroom.intro')}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <QueryState
            query={courses}
            loadingLabel={t('assignments.classroom.loading')}
            loadingLine
            errorText={t('assignments.classroom.loadFailed')}
            retryLabel={t('common.tryAgain')}
          >
            {(data) =>
              data.courses.length === 0 ? (
                <DialogContentText>{t('assignments.classroom.noCourses')}</DialogContentText>
              ) : (
                <TextField
                  select
                  fullWidth
                  label={t('assignments.classroom.coursesLabel')}
                  value={courseId}
                  onChange={(e) => setCourseId(e.target.value)}
                  disabled={busy}
                  required
                >
                  {data.courses.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {classLabel(c)}
                    </MenuItem>
                  ))}
                </TextField>
              )
            }
          </QueryState>
        </DialogContent>
        <DialogFooter
          cancelLabel={t('common.cancel')}
          onCancel={onClose}
          confirmLabel={t('assignments.classroom.post')}
          busy={busy}
          confirmDisabled={!chosen}
        />
      </form>
    </Dialog>
  );
}
