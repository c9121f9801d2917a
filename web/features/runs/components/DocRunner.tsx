import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import DoneIcon from '@mui/icons-material/Done';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import type { ConversationDetail } from '../../../../contract/ai';
import { checkFormValues, type BotDetail } from '../../../../contract/bots';
import { preloadMarkdown } from '../../../components/markdown/Markdown';
import { messageText } from '../../../lib/conversations/chatTransport';
import { useStartRun } from '../../../lib/conversations/startRun';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { replyState } from '../hooks/replyState';
import { useRunChat } from '../hooks/useRunChat';
import { AiErrorAlert } from './AiErrorAlert';
import { useAiUnavailable, useImagesAvailable } from './AiStatusNotice';
import { HandEdit, type HandEditHandle } from './HandEdit';
import { LeaveDialog } from '../../../components/LeaveDialog';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges';
import { answerLabel, DocForm, lastGrade, type FormState } from './DocForm';
import { ImagePanel } from './ImagePanel';
import { LiveStatus } from './LiveStatus';
import { useFollowStream } from '../hooks/useFollowStream';
import { MessageBubble } from './MessageBubble';
import { SaveButton, SaveOutcome } from './SaveControl';
import { ExportMenu, useSaveToSavedDocs } from '../../resources';
import type { SavedDetail } from '../../../../contract/saved';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { SupportReportDialog } from '../report/ReportDialogs';

interface Props {
  bot: Extract<BotDetail, { kind: 'DocBot' }>;
  initial: ConversationDetail | null;
  /** The Saved Docs item reopened (`res`): its text is the document, and saving updates it. */
  saved: SavedDetail | null;
  onCreated: (conversationId: string) => void;
  onSaved: (savedId: string) => void;
  onStartAgain: () => void;
  /** The form's values live above the session, so "start again" keeps the answers. */
  values: FormState;
  setValues: (update: (v: FormState) => FormState) => void;
}

/** A DocBot run: the form, Generate, the document streaming in, then Refine, Regenerate, edit, image, copy. */
export function DocRunner({ bot, initial, saved, onCreated, onSaved, onStartAgain, values, setValues }: Props) {
  const t = useT();
  const inputs = bot.settings.formInputs;
  // A reopened run shows the answers it was generated from (and "start again" starts from them).
  const [answers] = useState(() => initial?.inputs ?? []);
  const restored = answers.length > 0;
  useEffect(() => {
    if (answers.length) setValues((v) => ({ ...v, ...Object.fromEntries(answers.map((a) => [a.key, a.value])) }));
  }, [answers, setValues]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The answers a run was started with: changed answers before any reply start a new run.
  const [usedValues, setUsedValues] = useState<string | null>(null);
  const { mutateAsync: startRun } = useStartRun();
  const createConversation = useCallback(async () => {
    try {
      const clean = checkFormValues(inputs, values).values;
      const id = (await startRun({ botId: bot.id, values: clean })).id;
      setUsedValues(JSON.stringify(values));
      return id;
    } catch (err) {
      // The server checks the form again: its per-field messages go under the fields.
      if (err instanceof ApiError && err.fields) {
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^values\./, ''), v])));
      }
      throw err;
    }
  }, [startRun, bot.id, inputs, values]);
  // A hand edit not stored yet: leaving asks first (the page's own address changes go through).
  const [editUnsaved, setEditUnsaved] = useState(false);
  // "Report this answer": the document's reply being reported (a support ticket with this conversation).
  const [reporting, setReporting] = useState<string | null>(null);
  // The form's answers, typed and not yet sent to a run, are lost on leaving too (issue 39, item 12).
  // Only what the teacher typed here counts (answers carried over by "start again" or restored do not).
  const [typed, setTyped] = useState(false);
  const formUnsent = typed && usedValues === null;
  const { blocker, allowNext } = useUnsavedChanges(editUnsaved || formUnsent, { sameRouteToo: true });
  const adopt = useCallback((id: string) => allowNext(() => onCreated(id)), [allowNext, onCreated]);
  const chat = useRunChat({ initial, createConversation, onCreated: adopt });
  const blockedReason = useAiUnavailable(chat.busy);
  const [refine, setRefine] = useState('');
  const [editing, setEditing] = useState(false);
  // A reopened saved document shows its saved text (it may have been edited after its last reply).
  const [edited, setEdited] = useState<{ forId: string; text: string } | null>(() => {
    if (!saved) return null;
    const lastReply = initial?.messages.filter((m) => m.role === 'assistant').at(-1);
    return lastReply?.text === saved.body ? null : { forId: lastReply?.id ?? 'saved', text: saved.body };
  });
  const save = useSaveToSavedDocs(saved);
  const docRef = useRef<HTMLDivElement>(null);
  const handEdit = useRef<HandEditHandle>(null);
  const [lastAction, setLastAction] = useState<'generate' | 'refine'>('generate');
  useEffect(preloadMarkdown, []);

  const replies = chat.messages.filter((m) => m.role === 'assistant');
  const doc =
    replies.at(-1) ??
    (saved ? { id: 'saved', role: 'assistant' as const, parts: [{ type: 'text' as const, text: saved.body }] } : undefined);
  const docIsLast = doc !== undefined && chat.messages.at(-1)?.id === doc.id;
  const generatedText = doc ? messageText(doc) : '';
  const editedText = edited && doc && edited.forId === doc.id ? edited.text : null;
  const docText = editedText ?? generatedText;
  // The stored reply the document is (a hand edit is kept with it), its version, and its last stored text.
  const replyId = doc && doc.id !== 'saved' ? (doc.metadata?.messageId ?? doc.id) : null;
  const storedReply = initial?.messages.find((m) => m.id === replyId);
  const [storedEdit, setStoredEdit] = useState<string | null>(null);
  // Waiting for a reply to a request sent here (attaching to one keeps its text in view).
  const waiting = chat.status === 'submitted' && chat.messages.at(-1)?.role === 'user';
  const streaming = chat.status === 'streaming';
  const hasDoc = doc !== undefined || waiting;
  // The document being written stays in view as it grows, on a phone too, unless the reader scrolls up.
  const follow = useFollowStream(`${docText.length}:${chat.status}`, { active: streaming || waiting, end: docRef });
  const formLocked = chat.conversationId !== null;
  const reopened = saved !== null || (initial !== null && initial.messages.length > 0);
  const canRefine = chat.conversationId !== null;
  const state = doc
    ? replyState(doc, { streamingId: chat.streamingId, stopped: chat.stopped, status: chat.status, isLast: docIsLast })
    : 'streaming';

  // A generated image goes into the document as a hand edit: only once a document is there, never while a reply is written.
  const showsHandEdit = hasDoc && doc !== undefined && state !== 'streaming' && !waiting;
  // It is stored with the run like a hand edit, so it needs a stored reply to go into.
  const canInsert =
    showsHandEdit && replyId !== null && chat.conversationId !== null && state !== 'pending' && !chat.busy && docText.trim() !== '';
  const insertImage = useCallback((block: string) => handEdit.current?.insert(block), []);

  const generate = () => {
    const check = checkFormValues(inputs, values);
    setErrors(check.errors);
    if (Object.keys(check.errors).length) {
      document.getElementById(`docform-${Object.keys(check.errors)[0]}`)?.focus();
      return;
    }
    for (const input of inputs) if (input.kind === 'grade_level' && check.values[input.key]) lastGrade.set(String(check.values[input.key]));
    setLastAction('generate');
    follow.resume();
    if (chat.conversationId && usedValues !== JSON.stringify(values)) chat.forgetConversation();
    void chat.send(t('runs.doc.firstMessage'));
  };

  const sendRefine = () => {
    const instruction = refine.trim();
    if (!instruction || chat.busy) return;
    setLastAction('refine');
    follow.resume();
    setRefine('');
    setEditing(false);
    // An edit kept with the run is in the history the model reads; one that is not is sent along.
    const kept = editedText === null || editedText === storedEdit || (storedReply?.edited && editedText === storedReply.text);
    void chat.send(kept ? instruction : t('runs.doc.refineEdited', { instruction, doc: editedText }));
  };

  const saveDocument = () => {
    void save
      .saveDocument({ body: docText, conversationId: chat.conversationId ?? undefined, botId: bot.id })
      .then((item) => item && allowNext(() => onSaved(item.id)));
  };

  const firstHeading = /^#+\s+(.+)$/m.exec(docText)?.[1]?.trim();
  const useTheirs = () => {
    const theirs = save.conflict;
    save.acceptTheirs();
    if (theirs && doc) setEdited({ forId: doc.id, text: theirs.body });
  };
  const error = chat.error !== null && chat.error !== undefined ? chat.error : null;
  const errorAlert = error !== null && <AiErrorAlert error={error} onRetry={chat.refused ? undefined : () => void chat.regenerate()} />;

  return (
    <Stack spacing={2} sx={{ minWidth: 0, flex: 1 }}>
      <LiveStatus status={chat.status} stopped={chat.stopped.size} settling={chat.settling} />
      {(!reopened || restored) && formLocked && hasDoc && (
        <Paper variant="outlined" component="section" aria-labelledby="doc-answers" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="doc-answers" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('runs.doc.answersTitle')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            {inputs
              .filter((i) => (values[i.key] ?? '').trim() !== '')
              .map((i) => (
                <Box key={i.key} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
                    {i.label}
                  </Box>
                  <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {answerLabel(i, values[i.key] ?? '', t)}
                  </Box>
                </Box>
              ))}
          </Box>
          <Button onClick={onStartAgain} sx={{ mt: 1 }} disabled={chat.busy}>
            {t('runs.doc.changeAnswers')}
          </Button>
        </Paper>
      )}
      {!reopened && !(formLocked && hasDoc) && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <DocForm
            inputs={inputs}
            values={values}
            errors={errors}
            onChange={(key, value) => {
              setTyped(true);
              setValues((v) => ({ ...v, [key]: value }));
              setErrors((e) => {
                if (!e[key]) return e;
                const { [key]: _gone, ...rest } = e;
                return rest;
              });
            }}
            onSubmit={generate}
            busy={chat.busy}
            disabled={false}
            blockedReason={blockedReason}
          />
          {lastAction === 'generate' && <Box sx={{ mt: 2 }}>{errorAlert}</Box>}
        </Paper>
      )}
      {reopened && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" onClick={onStartAgain}>
              {t('runs.doc.newDocument')}
            </Button>
          }
        >
          {t('runs.doc.reopened')}
        </Alert>
      )}

      <Paper variant="outlined" component="section" aria-labelledby="doc-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography id="doc-title" component="h2" variant="h6">
            {t('runs.doc.documentTitle')}
          </Typography>
          {(streaming || waiting) && (
            <Button variant="outlined" color="secondary" startIcon={<StopIcon />} onClick={() => void chat.stop()}>
              {t('runs.composer.stop')}
            </Button>
          )}
        </Stack>
        {!hasDoc && <Typography color="text.secondary">{t('runs.doc.empty')}</Typography>}
        {showsHandEdit && (
          <HandEdit
            key={doc.id}
            handle={handEdit}
            conversationId={chat.conversationId}
            replyId={replyId}
            stored={generatedText}
            version={storedReply?.version ?? 1}
            text={docText}
            editing={editing}
            edited={editedText !== null || storedReply?.edited === true}
            onText={(text) => setEdited({ forId: doc.id, text })}
            onStored={setStoredEdit}
            onUnsaved={setEditUnsaved}
          />
        )}
        {hasDoc && !editing && (
          <Box data-testid="document" aria-busy={streaming || waiting} ref={docRef}>
            <MessageBubbleless text={waiting ? '' : docText} state={waiting ? 'streaming' : state} botName={bot.name} />
          </Box>
        )}
        {(editedText !== null || storedReply?.edited === true) && !editing && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontStyle: 'italic' }}>
            {t('runs.doc.editedNote')}
          </Typography>
        )}
        {doc && !chat.busy && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {canRefine && (
              <Button
                startIcon={<ReplayIcon />}
                onClick={() => {
                  setLastAction('refine');
                  follow.resume();
                  void chat.regenerate();
                }}
                disabled={state === 'blocked'}
              >
                {t('runs.doc.regenerate')}
              </Button>
            )}
            <Button startIcon={editing ? <DoneIcon /> : <EditIcon />} onClick={() => setEditing((e) => !e)}>
              {editing ? t('runs.doc.doneEditing') : t('runs.doc.edit')}
            </Button>
            <SaveButton state={save} label={t('runs.save.button')} disabled={!docText.trim()} onSave={saveDocument} />
            <ExportMenu
              title={firstHeading ?? bot.name}
              fileName={t('saved.export.fileName', { name: bot.name, date: new Date() })}
              markdown={docText}
              target={docRef}
              disabled={!docText.trim()}
            />
            {replyId && chat.conversationId && docText.trim() && (
              <Button startIcon={<FlagOutlined />} onClick={() => setReporting(replyId)} data-testid="report-answer">
                {t('runs.report.button')}
              </Button>
            )}
          </Stack>
        )}
        <SaveOutcome
          state={save}
          onOverwrite={() => void save.overwrite().then((item) => item && onSaved(item.id))}
          onUseTheirs={useTheirs}
        />
        {doc && bot.settings.canGenerateImages && (
          <ImageSection suggestion={firstHeading ?? bot.name} botId={bot.id} onInsert={canInsert ? insertImage : null} />
        )}
      </Paper>

      {doc && canRefine && (
        <Paper
          variant="outlined"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            sendRefine();
          }}
          sx={{ p: { xs: 2, sm: 3 } }}
          noValidate
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('runs.doc.refineLabel')}
              placeholder={t('runs.doc.refinePlaceholder')}
              value={refine}
              onChange={(e) => setRefine(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  sendRefine();
                }
              }}
              multiline
              maxRows={6}
              fullWidth
            />
            <Button
              type="submit"
              variant="contained"
              disabled={chat.busy || !refine.trim() || blockedReason !== null}
              sx={{ flexShrink: 0, minHeight: 56 }}
            >
              {t('runs.doc.refine')}
            </Button>
          </Stack>
          {blockedReason && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {blockedReason}
            </Typography>
          )}
          {lastAction === 'refine' && <Box sx={{ mt: 1 }}>{errorAlert}</Box>}
        </Paper>
      )}
      {lastAction === 'generate' && hasDoc && errorAlert}
      {reporting && chat.conversationId && (
        <SupportReportDialog
          key={reporting}
          botName={bot.name}
          conversationId={chat.conversationId}
          messageId={reporting}
          onClose={() => setReporting(null)}
        />
      )}
      <LeaveDialog blocker={blocker} body={t(editUnsaved ? 'runs.doc.unsavedEdit' : 'runs.doc.unsentForm')} />
    </Stack>
  );
}

/** The document as a bare reply (no bubble): Markdown plus how it ended. */
function MessageBubbleless(props: { text: string; state: Parameters<typeof MessageBubble>[0]['state']; botName: string }) {
  return <MessageBubble role="assistant" text={props.text} state={props.state} botName={props.botName} bare />;
}

function ImageSection({ suggestion, botId, onInsert }: { suggestion: string; botId: string; onInsert: ((block: string) => void) | null }) {
  const t = useT();
  const available = useImagesAvailable();
  if (!available)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('runs.image.unavailable')}
      </Typography>
    );
  return (
    <Box sx={{ mt: 2 }}>
      <ImagePanel suggestion={suggestion} botId={botId} onInsert={onInsert} />
    </Box>
  );
}
