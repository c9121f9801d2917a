import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useLocation, useParams } from 'react-router';
import type { BotKind } from '../../../../../contract/bots';
import { NotFoundContent } from '../../../../components/NotFoundContent';
import { useBot } from '../../api/getBot';
import { ApiError } from '../../../../lib/http';
import { isUuid } from '../../../../../contract/common';
import { paths } from '../../../../lib/paths';
import { useT } from '../../../../lib/i18n';
import { useOwnRouteIds } from '../../hooks/useOwnRouteIds';
import { BotEditor } from './BotEditor';

const modes = ['add', 'edit', 'copy'] as const;
type Aec = (typeof modes)[number];

function Loading() {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('shell.loading')} />
    </Box>
  );
}

/**
 * Reads /<kind>-add-edit/{id}/{shared}/{aec}/{uid}/{sid} (docs/product/routes-and-guards.md#route-parameters). Adding needs id
 * `new` and the caller's own uid; edit and copy load the bot with uid, sid and shared, which the
 * server checks against it. Anything that does not match is the one not-found page. Only the owner
 * edits: anyone else gets the bot read-only, with Copy.
 */
export function BotEditorRoute({ kind }: { kind: BotKind }) {
  const t = useT();
  const { id = '', shared = '', aec = '', uid = '', sid = '' } = useParams();
  const location = useLocation();
  const own = useOwnRouteIds();
  const shapeOk = (shared === 'true' || shared === 'false') && (modes as readonly string[]).includes(aec);
  const isAdd = aec === 'add';
  const canFetch = shapeOk && !isAdd && isUuid(id);
  const query = useBot({ id, uid, sid, shared: shared === 'true' }, canFetch);
  const state: unknown = location.state;
  const carried =
    typeof state === 'object' && state !== null && 'editorKey' in state && typeof state.editorKey === 'string' ? state.editorKey : null;
  const editorKey = carried ?? location.key;
  const notFound = <NotFoundContent homeTo={paths.home.to(kind)} />;

  if (!shapeOk) return notFound;
  if (isAdd) {
    if (id !== 'new') return notFound;
    if (!own.uid) return <Loading />;
    if (uid !== own.uid) return notFound;
    return <BotEditor key={editorKey} kind={kind} mode="add" source={null} editorKey={editorKey} />;
  }
  if (!canFetch) return notFound;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422)) return notFound;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            {t('bots.library.retry')}
          </Button>
        }
      >
        {t('bots.editor.loadFailed')}
      </Alert>
    );
  }
  const bot = query.data;
  if (bot.kind !== kind) return notFound;
  const mode = (aec as Aec) === 'copy' ? 'copy' : bot.permissions.canEdit ? 'edit' : 'view';
  return <BotEditor key={editorKey} kind={kind} mode={mode} source={bot} editorKey={editorKey} />;
}
