import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STUDENT_NAME_MAX, type ClassSummary, type RosterStudent } from '../../../../contract/classes';
import { LeaveDialog } from '../../../components/LeaveDialog';
import { studentPageHref } from '../../../lib/links';
import { parsePastedStudents } from '../../../../contract/roster';
import {
  useAddStudents,
  classKeys,
  useInviteAgain,
  useDeleteClass,
  usePasteStudents,
  useRemoveStudent,
  rosterQuery,
  useSetJoinCode,
  useUpdateClass,
} from '../api/classes';
import { ApiError } from '../../../lib/http';
import { languageNames, useT, type Translate } from '../../../lib/i18n';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges';
import { fromCourse } from '../model/roster';
import { ClassFormDialog, ConfirmDialog } from './ClassDialogs';
import { JoinSheetDialog } from './JoinSheetDialog';

const message = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** One class: its name, roster, ways to add students, and the join code. */
export function ClassPanel({ klass, onDeleted, say }: { klass: ClassSummary; onDeleted: () => void; say: (m: string) => void }) {
  const t = useT();
  const removeStudent = useRemoveStudent();
  const inviteAgain = useInviteAgain();
  const [inviting, setInviting] = useState<string | null>(null);
  const updateClass = useUpdateClass();
  const deleteClass = useDeleteClass();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Once the class is being deleted its roster is never fetched again: a fetch that reached the
  // server after the delete would be answered 404 (an error in the browser's console). Any render
  // before this panel goes away (a list refresh, a focus refetch) would otherwise start one.
  const [deleting, setDeleting] = useState(false);
  const roster = useQuery({ ...rosterQuery(klass.id), enabled: !deleting });
  const [toRemove, setToRemove] = useState<RosterStudent | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: classKeys.all });
  const title = klass.section ? `${klass.name} · ${klass.section}` : klass.name;

  const remove = async (student: RosterStudent) => {
    setToRemove(null);
    try {
      await removeStudent(klass.id, student.id);
      await refresh();
    } catch (err) {
      say(message(err));
    }
  };

  const invite = async (student: RosterStudent) => {
    setInviting(student.id);
    try {
      await inviteAgain(klass.id, student.id);
      say(t('students.invite.sent', { name: student.name }));
    } catch (err) {
      say(message(err));
    } finally {
      setInviting(null);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flex: '1 1 auto', overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        <Button size="small" onClick={() => setRenaming(true)}>
          {t('students.class.rename')}
        </Button>
        <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
          {t('students.class.deleteClass')}
        </Button>
      </Stack>
      {klass.defaultLocale && (
        <Typography variant="body2" color="text.secondary" data-testid="class-language">
          {t('students.class.language', { language: languageNames[klass.defaultLocale] })}
        </Typography>
      )}

      {roster.isPending ? (
        <CircularProgress sx={{ my: 2 }} aria-label={t('students.class.rosterLabel', { name: klass.name })} />
      ) : roster.isError ? (
        <Alert severity="error">{roster.error.message}</Alert>
      ) : roster.data.students.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 2 }}>
          {t('students.class.noStudents')}
        </Typography>
      ) : (
        <List aria-label={t('students.class.rosterLabel', { name: klass.name })}>
          {roster.data.students.map((st) => (
            <ListItem
              key={st.id}
              divider
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  aria-label={t('students.class.removeLabel', { name: st.name })}
                  onClick={() => setToRemove(st)}
                >
                  {t('students.class.remove')}
                </Button>
              }
              sx={{ pr: 10 }}
            >
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={studentPageHref(st.id, klass.id)}
                    aria-label={t('students.class.openStudent', { name: st.name })}
                  >
                    {st.name}
                  </Link>
                }
                secondary={
                  <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                      {fromCourse(st) ? t('students.class.fromCourse') : st.email}
                    </Box>
                    <Chip
                      component="span"
                      size="small"
                      variant="outlined"
                      color={st.linked ? 'success' : 'default'}
                      label={st.linked ? t('students.class.linked') : t('students.class.notLinked')}
                    />
                    {!fromCourse(st) && (
                      <Button
                        size="small"
                        disabled={inviting === st.id}
                        aria-label={t('students.invite.againLabel', { name: st.name })}
                        onClick={() => void invite(st)}
                        sx={{ py: 0 }}
                      >
                        {t('students.invite.again')}
                      </Button>
                    )}
                  </Box>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}

      <Divider sx={{ my: 2 }} />
      <AddOne classId={klass.id} onAdded={refresh} say={say} />
      <Divider sx={{ my: 2 }} />
      <PasteMany classId={klass.id} onAdded={refresh} say={say} />
      <Divider sx={{ my: 2 }} />
      <JoinCode klass={klass} onChanged={refresh} say={say} />

      {renaming && (
        <ClassFormDialog
          title={t('students.classForm.renameTitle')}
          submitLabel={t('common.save')}
          initial={{ name: klass.name, section: klass.section ?? '', defaultLocale: klass.defaultLocale ?? null }}
          onClose={() => setRenaming(false)}
          onSubmit={async (value) => {
            await updateClass(klass.id, value);
            await refresh();
            setRenaming(false);
          }}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={t('students.class.deleteTitle', { name: klass.name })}
          body={t('students.class.deleteBody')}
          confirmLabel={t('common.delete')}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            setDeleting(true);
            queryClient
              .cancelQueries({ queryKey: classKeys.roster(klass.id) })
              .then(() => deleteClass(klass.id))
              .then(async () => {
                onDeleted();
                queryClient.removeQueries({ queryKey: classKeys.roster(klass.id) });
                await queryClient.invalidateQueries({ queryKey: classKeys.list() });
              })
              .catch((err: unknown) => {
                setDeleting(false);
                say(message(err));
              });
          }}
        />
      )}
      {toRemove && (
        <ConfirmDialog
          title={t('students.class.removeTitle', { name: toRemove.name })}
          body={t('students.class.removeBody')}
          confirmLabel={t('students.class.remove')}
          onClose={() => setToRemove(null)}
          onConfirm={() => void remove(toRemove)}
        />
      )}
    </Paper>
  );
}

const addedMessage = (t: Translate, added: number, already: number, invited = 0) =>
  [
    t('students.add.added', { count: added }),
    already ? t('students.add.alreadyThere', { count: already }) : '',
    invited ? t('students.invite.sending', { count: invited }) : '',
  ]
    .filter(Boolean)
    .join(' ');

/** "E-mail … how to sign in": ticked unless the teacher unticks it (decision 282). */
function InviteBox({ checked, onChange, label }: { checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} size="small" />}
      label={label}
      sx={{ mt: 0.5 }}
    />
  );
}

function AddOne({ classId, onAdded, say }: { classId: string; onAdded: () => Promise<void>; say: (m: string) => void }) {
  const t = useT();
  const addStudents = useAddStudents();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState(true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await addStudents(classId, [{ email, name }], invite);
      setEmail('');
      setName('');
      setErrors({});
      await onAdded();
      say(addedMessage(t, result.added.length, result.alreadyOnRoster.length, result.invited));
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors({ email: err.fields['students.0.email'] ?? '', name: err.fields['students.0.name'] ?? '' });
      } else say(message(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate aria-label={t('students.add.heading')}>
      <Typography variant="h6" component="h3" gutterBottom>
        {t('students.add.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('students.add.email')}
          type="email"
          size="small"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email || undefined}
          sx={{ flex: 1 }}
        />
        <TextField
          label={t('students.add.name')}
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name || undefined}
          slotProps={{ htmlInput: { maxLength: STUDENT_NAME_MAX } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {t('students.add.add')}
        </Button>
      </Stack>
      <InviteBox checked={invite} onChange={setInvite} label={t('students.invite.checkboxOne')} />
    </Box>
  );
}

function PasteMany({ classId, onAdded, say }: { classId: string; onAdded: () => Promise<void>; say: (m: string) => void }) {
  const t = useT();
  const pasteStudents = usePasteStudents();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState(true);
  const { blocker } = useUnsavedChanges(text.trim() !== '');
  // The server reads the text with this same reader: the good lines are added, the bad ones stay here with why.
  const parsed = parsePastedStudents(text);
  const canSend = parsed.students.length > 0 && !busy;

  const send = async () => {
    setBusy(true);
    try {
      // The answer shows the first bad lines only; the box keeps every one, read here as the server read it.
      const sent = parsePastedStudents(text);
      const result = await pasteStudents(classId, text, invite);
      setText([...new Set(sent.bad.map((b) => b.text))].join('\n'));
      await onAdded();
      say(
        [
          addedMessage(t, result.added.length, result.alreadyOnRoster.length, result.invited),
          result.badCount ? t('students.paste.left', { count: result.badCount }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (err) {
      say(message(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="h6" component="h3" gutterBottom>
        {t('students.paste.heading')}
      </Typography>
      <TextField
        label={t('students.paste.label')}
        helperText={t('students.paste.help')}
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {parsed.bad.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} role="alert">
          {t('students.paste.bad', { count: parsed.bad.length })}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {parsed.bad.map((b, i) => (
              <li key={`${b.line}-${i}`} style={{ overflowWrap: 'anywhere' }}>
                {t('students.paste.line', { line: b.line, text: b.text, reason: b.reason })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <InviteBox checked={invite} onChange={setInvite} label={t('students.invite.checkbox')} />
      <Box>
        <Button variant="contained" sx={{ mt: 1 }} disabled={!canSend} onClick={() => void send()}>
          {t('students.paste.add', { count: parsed.students.length })}
        </Button>
      </Box>
      <LeaveDialog blocker={blocker} body={t('students.paste.unsaved')} />
    </Box>
  );
}

function JoinCode({ klass, onChanged, say }: { klass: ClassSummary; onChanged: () => Promise<void>; say: (m: string) => void }) {
  const t = useT();
  const setJoinCode = useSetJoinCode();
  const [busy, setBusy] = useState(false);
  const [sheet, setSheet] = useState(false);
  const set = async (enabled: boolean) => {
    setBusy(true);
    try {
      await setJoinCode(klass.id, enabled);
      await onChanged();
    } catch (err) {
      say(message(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={t('students.join.heading')}>
      <Typography variant="h6" component="h3" gutterBottom>
        {t('students.join.heading')}
      </Typography>
      {klass.joinCode ? (
        <>
          <Typography
            aria-label={t('students.join.codeLabel')}
            data-testid="join-code"
            sx={{
              fontFamily: 'monospace',
              fontSize: { xs: '2.5rem', sm: '3.5rem' },
              fontWeight: 700,
              letterSpacing: '0.12em',
              lineHeight: 1.2,
              overflowWrap: 'anywhere',
            }}
          >
            {klass.joinCode}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('students.join.onBody')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" disabled={busy} onClick={() => void set(true)}>
              {t('students.join.new')}
            </Button>
            <Button disabled={busy} onClick={() => void set(false)}>
              {t('students.join.off')}
            </Button>
            <Button variant="outlined" onClick={() => setSheet(true)} aria-haspopup="dialog">
              {t('students.sheet.open')}
            </Button>
          </Stack>
          {sheet && <JoinSheetDialog klass={klass} onClose={() => setSheet(false)} />}
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('students.join.offBody')}
          </Typography>
          <Button variant="outlined" disabled={busy} onClick={() => void set(true)}>
            {t('students.join.on')}
          </Button>
        </>
      )}
    </Box>
  );
}
