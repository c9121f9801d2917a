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
import { classroomCoursesQuery } from '../../students/api/classroom';
import { assignmentKeys } from '../api/keys';
import { classroomPostStrings as s } from '../strings';

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
      const name = s.course(chosen.name, chosen.section);
      const said = result.alreadyPosted ? s.alreadyPosted(name) : s.posted(name);
      // The course's class now has the assignment, when there is one: its students are in the table.
      if (result.classId) await queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(assignment.id) });
      onPosted(result.classId ? said : `${said} ${s.notImported}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="post-classroom-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="post-classroom-title">{s.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{s.intro}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <QueryState query={courses} loadingLabel={s.loading} loadingLine errorText={s.loadFailed} retryLabel={s.retry}>
            {(data) =>
              data.courses.length === 0 ? (
                <DialogContentText>{s.noCourses}</DialogContentText>
              ) : (
                <TextField
                  select
                  fullWidth
                  label={s.coursesLabel}
                  value={courseId}
                  onChange={(e) => setCourseId(e.target.value)}
                  disabled={busy}
                  required
                >
                  {data.courses.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {s.course(c.name, c.section)}
                    </MenuItem>
                  ))}
                </TextField>
              )
            }
          </QueryState>
        </DialogContent>
        <DialogFooter cancelLabel={s.cancel} onCancel={onClose} confirmLabel={s.post} busy={busy} confirmDisabled={!chosen} />
      </form>
    </Dialog>
  );
}
