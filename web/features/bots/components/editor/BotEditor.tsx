import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { BotDetail, BotKind } from '../../../../../contract/bots';
import { PageHeading } from '../../../../components/PageHeading';
import { botQuery } from '../../api/getBot';
import { ApiError } from '../../../../lib/http';
import { paths } from '../../../../lib/paths';
import { useT, type Translate } from '../../../../lib/i18n';
import { useCreateBot } from '../../api/createBot';
import { useCollections } from '../../api/listCollections';
import { useUpdateBot } from '../../api/updateBot';
import { useUnsavedChanges } from '../../../../lib/useUnsavedChanges';
import { useEditorUploads } from '../../hooks/useEditorUploads';
import {
  checkCreate,
  checkUpdate,
  copyDraftOf,
  draftFromBot,
  emptyDraft,
  errorAt,
  fieldKeys,
  type BotDraft,
  type FieldErrors,
} from '../../model/draft';
import { editorPathOf, runPathOf } from '../../model/links';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ChatSection, TutorSection } from './ChatTutorSections';
import { BasicsSection, InstructionsSection, ModelSection } from './CommonFields';
import { DocFormSection, DocOutputSection } from './DocBotSections';
import { EditorContext, type EditorContextValue } from './editorContext';
import { KnowledgeSection } from './KnowledgeSection';
import { TryItPanel } from './TryItPanel';
import { teachAssignmentsHref } from '../../../../lib/links';
import { useMayAssign } from '../../../../lib/session/getSubscription';

export type EditorMode = 'add' | 'edit' | 'copy' | 'view';

export interface BotEditorProps {
  kind: BotKind;
  mode: EditorMode;
  /** The loaded bot for edit, view and copy; null when adding. */
  source: BotDetail | null;
  /** Kept across the navigation from the add (or copy) address to the saved bot's edit address. */
  editorKey: string;
}

function initialDraft(kind: BotKind, mode: EditorMode, source: BotDetail | null, t: Translate): BotDraft {
  if (!source) return emptyDraft(kind);
  return mode === 'copy' ? copyDraftOf(source, (name) => t('bots.editor.copyName', { name })) : draftFromBot(source);
}

/** The page of the three editors: every field with inline messages, Save, and the leave warning. */
export function BotEditor({ kind, mode: startMode, source, editorKey }: BotEditorProps) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => initialDraft(kind, startMode, source, t));
  const [baseline, setBaseline] = useState(() => JSON.stringify(draft));
  const [saved, setSaved] = useState<BotDetail | null>(startMode === 'edit' || startMode === 'view' ? source : null);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateBot();
  const update = useUpdateBot();
  const readOnly = startMode === 'view';
  const mode: EditorMode = readOnly ? 'view' : saved ? 'edit' : startMode;
  const collections = useCollections(kind, !readOnly);
  const dirty = !readOnly && JSON.stringify(draft) !== baseline;
  const { blocker, allowNext } = useUnsavedChanges(dirty);
  // Uploads made here wait for a save; leaving unsaved gives them up (decision 283).
  const uploaded = useEditorUploads();
  const copiedFrom = startMode === 'copy' && source ? source.id : null;
  const saving = create.isPending || update.isPending;
  // A picture the saved bot (or the bot being copied) already has is served through that bot;
  // a new upload is the caller's own file until it is saved.
  const iconBotId = [saved, source].find((b) => b?.icon.type === 'image' && b.icon.fileId === draft.iconFileId)?.id ?? null;

  const clientErrors = useMemo<FieldErrors>(() => {
    if (readOnly) return {};
    const checked = saved ? checkUpdate(draft, saved.version) : checkCreate(draft, copiedFrom);
    return checked.ok ? {} : checked.errors;
  }, [draft, saved, copiedFrom, readOnly]);

  // After a refused save, move the focus to the first box with a message.
  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const context = useMemo<EditorContextValue>(() => {
    const shows = (path: string) => submitted || touched.some((p) => path === p || path.startsWith(`${p}.`) || p.startsWith(`${path}.`));
    return {
      draft,
      readOnly,
      uploaded,
      change: (path, fn) => {
        if (readOnly) return;
        setDraft((d) => fn(d));
        setJustSaved(false);
        const list = path === null ? [] : typeof path === 'string' ? [path] : path;
        if (list.length === 0) return;
        setTouched((prev) => {
          const fresh = list.filter((p) => !prev.includes(p));
          return fresh.length ? [...prev, ...fresh] : prev;
        });
        setServerErrors((errs) => {
          const under = (k: string) => list.some((p) => k === p || k.startsWith(`${p}.`));
          const left = Object.fromEntries(Object.entries(errs).filter(([k]) => !under(k)));
          return Object.keys(left).length === Object.keys(errs).length ? errs : left;
        });
      },
      touch: (path) => {
        if (readOnly) return;
        setTouched((prev) => (prev.includes(path) ? prev : [...prev, path]));
      },
      errorOf: (path, exact) => {
        const server = exact ? serverErrors[path] : errorAt(serverErrors, path);
        if (server) return server;
        if (!shows(path)) return undefined;
        return exact ? clientErrors[path] : errorAt(clientErrors, path);
      },
    };
  }, [draft, readOnly, uploaded, submitted, touched, serverErrors, clientErrors]);

  /** Saves the draft; answers the saved bot, or null when the draft or the server refused. */
  const save = async (): Promise<BotDetail | null> => {
    setSubmitted(true);
    setProblem(null);
    const checked = saved ? checkUpdate(draft, saved.version) : checkCreate(draft, copiedFrom);
    if (!checked.ok) {
      setProblem({ message: t('bots.editor.fixErrors', { count: Object.keys(checked.errors).length }), conflict: false });
      setFocusTick((n) => n + 1);
      return null;
    }
    try {
      const bot = saved
        ? await update.mutateAsync({ id: saved.id, input: checked.input as Parameters<typeof update.mutateAsync>[0]['input'] })
        : await create.mutateAsync(checked.input as Parameters<typeof create.mutateAsync>[0]);
      // New form fields keep the keys they were saved with, whatever their labels become.
      const keys = fieldKeys(draft.doc.fields);
      const next: BotDraft = { ...draft, doc: { ...draft.doc, fields: draft.doc.fields.map((f, i) => ({ ...f, key: keys[i] ?? f.key })) } };
      setDraft(next);
      setBaseline(JSON.stringify(next));
      setServerErrors({});
      setJustSaved(true);
      const wasNew = !saved;
      setSaved(bot);
      if (wasNew) {
        client.setQueryData(botQuery({ id: bot.id, uid: bot.uid, sid: bot.sid, shared: false }).queryKey, bot);
        allowNext(() => void navigate(editorPathOf(bot, 'edit'), { replace: true, state: { editorKey } }));
      }
      return bot;
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fields) {
        setServerErrors(err.fields);
        setProblem({ message: t('bots.editor.fixErrors', { count: Object.keys(err.fields).length }), conflict: false });
        setFocusTick((n) => n + 1);
      } else if (err instanceof ApiError && err.status === 409) {
        setProblem({ message: t('bots.editor.conflict'), conflict: true });
      } else {
        setProblem({ message: err instanceof ApiError ? err.message : t('common.actionFailed'), conflict: false });
      }
      return null;
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const ensureSaved = async () => {
    if (saved && !dirty) return saved.id;
    return (await save())?.id ?? null;
  };

  const shownName = saved?.name ?? source?.name ?? '';
  const title =
    mode === 'add'
      ? t('bots.editor.title.add', { kind })
      : mode === 'edit'
        ? t('bots.editor.title.edit', { kind, name: shownName })
        : mode === 'copy'
          ? t('bots.editor.title.copy', { kind, name: shownName })
          : t('bots.editor.title.view', { kind, name: shownName });
  const runnerPath = saved ? runPathOf(saved) : null;
  const mayAssign = useMayAssign();
  const hasTryIt = !readOnly && kind !== 'DocBot';
  const welcome = kind === 'ChatBot' ? draft.chat.welcomeMessage : draft.tutor.welcomeMessage;

  return (
    <EditorContext value={context}>
      <PageHeading>{title}</PageHeading>
      {readOnly && source && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button color="inherit" size="small" component={RouterLink} to={editorPathOf(source, 'copy')}>
                {t('bots.editor.copyToEdit')}
              </Button>
              <Button color="inherit" size="small" component={RouterLink} to={runPathOf(source)}>
                {t('bots.editor.run')}
              </Button>
            </Stack>
          }
        >
          {source.isTemplate ? t('bots.editor.readOnlyTemplate') : t('bots.editor.readOnly', { kind })}
        </Alert>
      )}
      {mode === 'copy' && source && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('bots.editor.copyOf', { name: source.name })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: hasTryIt ? 'minmax(0, 1fr) 380px' : 'minmax(0, 900px)' },
        }}
      >
        <Stack component="form" ref={formRef} noValidate onSubmit={onSubmit} spacing={3} aria-label={title}>
          <BasicsSection collections={readOnly ? null : (collections.data ?? [])} iconBotId={iconBotId} />
          <InstructionsSection />
          {kind === 'DocBot' && (
            <>
              <DocFormSection />
              <DocOutputSection />
            </>
          )}
          {kind === 'ChatBot' && <ChatSection />}
          {kind === 'TutorBot' && <TutorSection />}
          <KnowledgeSection />
          <ModelSection />
          <Box
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              bgcolor: 'background.default',
              borderTop: 1,
              borderColor: 'divider',
              py: 1.5,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
            }}
          >
            {problem && (
              <Alert
                severity="error"
                role="alert"
                sx={{ width: '100%' }}
                action={
                  problem.conflict ? (
                    <Button color="inherit" size="small" onClick={() => window.location.reload()}>
                      {t('bots.editor.reload')}
                    </Button>
                  ) : undefined
                }
              >
                {problem.message}
              </Alert>
            )}
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={saving}>
                {saving ? t('bots.editor.saving') : t('bots.editor.save')}
              </Button>
            )}
            {runnerPath && !hasTryIt && (
              <Button component={RouterLink} to={runnerPath}>
                {t('bots.editor.run')}
              </Button>
            )}
            {saved && kind === 'TutorBot' && mayAssign && (
              <Button component={RouterLink} to={teachAssignmentsHref({ bot: saved.id })}>
                {t('bots.editor.assign')}
              </Button>
            )}
            <Button component={RouterLink} to={paths.home.to(kind)}>
              {t('bots.editor.cancel')}
            </Button>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ ml: { sm: 'auto' } }}>
              {justSaved && !dirty ? t('bots.editor.saved') : ''}
            </Typography>
          </Box>
        </Stack>
        {hasTryIt && (
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <TryItPanel
              ensureSaved={ensureSaved}
              welcomeMessage={welcome}
              starterPrompts={kind === 'ChatBot' ? draft.chat.starterPrompts : []}
              runnerPath={runnerPath}
            />
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('bots.editor.leaveTitle')}
        body={t('bots.editor.leaveBody')}
        confirm={t('bots.editor.leave')}
        cancel={t('bots.editor.stay')}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </EditorContext>
  );
}
