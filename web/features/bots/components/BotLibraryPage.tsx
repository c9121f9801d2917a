import { useEffect, useId, useState } from 'react';
import Add from '@mui/icons-material/Add';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { BotKind, LibraryTab } from '../../../../contract/bots';
import { NotFoundContent } from '../../../components/NotFoundContent';
import { PageHeading } from '../../../components/PageHeading';
import { useAppState } from '../../../lib/app-state/AppState';
import { botType, paths } from '../../../lib/paths';
import { useT, type MessageId } from '../../../lib/i18n';
import { useCollections } from '../api/listCollections';
import { NoticeProvider } from '../hooks/notice';
import { useOwnRouteIds } from '../hooks/useOwnRouteIds';
import { kindPlural } from '../model/kinds';
import { editorPath } from '../model/links';
import { BotResults } from './library/BotResults';
import { CollectionsPanel } from './library/CollectionsPanel';
import { StartPanel } from './start/StartPanel';

const allTabs: LibraryTab[] = ['mine', 'school', 'public', 'templates'];
const tabLabels = {
  mine: 'bots.library.tabs.mine',
  school: 'bots.library.tabs.school',
  public: 'bots.library.tabs.public',
  templates: 'bots.library.tabs.templates',
} as const satisfies Record<LibraryTab, MessageId>;

/** The bot library of one kind (/home/{type}); any other type is not found. */
export default function BotLibraryPage() {
  const parsed = botType.safeParse(useParams().type);
  if (!parsed.success) return <NotFoundContent homeTo={paths.home.to('DocBot')} />;
  return (
    <NoticeProvider>
      <Library key={parsed.data} kind={parsed.data} />
    </NoticeProvider>
  );
}

/** Tab, search and collection live in the address (?tab=&q=&collection=), so Back and links keep them. */
function useLibraryParams(hasSchool: boolean) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: LibraryTab = allTabs.includes(raw as LibraryTab) && (raw !== 'school' || hasSchool) ? (raw as LibraryTab) : 'mine';
  const q = params.get('q') ?? '';
  const collectionId = tab === 'mine' ? params.get('collection') : null;
  const update = (next: { tab?: LibraryTab; q?: string; collection?: string | null }, replace = false) => {
    const p = new URLSearchParams(params);
    const set = (k: string, v: string | null | undefined) => (v ? p.set(k, v) : p.delete(k));
    if (next.tab !== undefined) {
      set('tab', next.tab === 'mine' ? null : next.tab);
      p.delete('collection');
    }
    if (next.q !== undefined) set('q', next.q.trim());
    if (next.collection !== undefined) set('collection', next.collection);
    setParams(p, { replace });
  };
  return { tab, q, collectionId, update };
}

function Library({ kind }: { kind: BotKind }) {
  const t = useT();
  const own = useOwnRouteIds();
  const { tab, q, collectionId, update } = useLibraryParams(own.hasSchool);
  const collections = useCollections(kind);
  const { setCollections } = useAppState();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const tabsId = useId();
  const plural = kindPlural[kind];
  const list = collections.data ?? [];

  // The seed's shared app state carries the collections of the library on screen.
  useEffect(() => {
    if (collections.data) setCollections(collections.data);
  }, [collections.data, setCollections]);

  const tabs = allTabs.filter((x) => x !== 'school' || own.hasSchool);
  const selectedCollection = list.find((c) => c.id === collectionId) ?? null;
  const select = (id: string | null) => {
    update({ collection: id });
    setDrawerOpen(false);
  };
  const panel = <CollectionsPanel kind={kind} collections={list} selected={selectedCollection?.id ?? null} onSelect={select} />;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <PageHeading>{t('bots.home.title', { plural })}</PageHeading>
        <Stack direction="row" spacing={1} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}>
          {kind === 'TutorBot' && (
            <Button variant="outlined" startIcon={<Visibility />} component={RouterLink} to={paths.student.to()}>
              {t('bots.student.fromLibrary')}
            </Button>
          )}
          {own.uid && (
            <Button
              variant="contained"
              startIcon={<Add />}
              component={RouterLink}
              to={editorPath(kind, { id: 'new', shared: false, aec: 'add', uid: own.uid, sid: own.sid })}
            >
              {t('bots.library.newBot', { kind })}
            </Button>
          )}
        </Stack>
      </Stack>

      <StartPanel q={q} onSearch={(v) => update({ q: v }, true)} />

      <Tabs
        value={tab}
        onChange={(_e, v: LibraryTab) => update({ tab: v })}
        aria-label={t('bots.library.tabsLabel', { plural })}
        variant="scrollable"
        scrollButtons={false}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, '& .MuiTab-root': { minWidth: 0, px: { xs: 1.25, sm: 2 } } }}
      >
        {tabs.map((x) => (
          <Tab key={x} value={x} label={t(tabLabels[x])} id={`${tabsId}-${x}`} aria-controls={`${tabsId}-panel`} />
        ))}
      </Tabs>

      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {/* The one search box is the start panel's above: the tab lists the same query, ranked (decision 281). */}
        {tab === 'mine' && !wide && (
          <Button variant="outlined" startIcon={<FolderOutlined />} onClick={() => setDrawerOpen(true)} sx={{ mb: 2 }}>
            {t('bots.collections.open', { name: selectedCollection?.name ?? t('bots.collections.all', { plural }) })}
          </Button>
        )}
        {collections.isError && tab === 'mine' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('bots.library.loadFailed')}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: tab === 'mine' && wide ? '240px minmax(0, 1fr)' : 'minmax(0, 1fr)',
            gap: 3,
            alignItems: 'start',
          }}
        >
          {tab === 'mine' && wide && panel}
          <BotResults
            kind={kind}
            filter={{ kind, tab, q, collectionId: selectedCollection?.id ?? null }}
            collections={list}
            hasSchool={own.hasSchool}
            onBrowseTemplates={() => update({ tab: 'templates' })}
          />
        </Box>
      </Box>

      {!wide && (
        <Drawer
          anchor="bottom"
          open={drawerOpen && tab === 'mine'}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { sx: { maxHeight: '80vh', p: 1 } } }}
        >
          {panel}
          <Button onClick={() => setDrawerOpen(false)} sx={{ mt: 1 }}>
            {t('bots.collections.close')}
          </Button>
        </Drawer>
      )}
    </>
  );
}
